package android.os;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class RemoteException extends android.util.AndroidException {
    private static final long serialVersionUID = 1L;

    public RemoteException() {}
}

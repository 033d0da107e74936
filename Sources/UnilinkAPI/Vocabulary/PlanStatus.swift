/// What a batch's dry run says of one link.
public enum PlanStatus: String, WireEnum {
    /// It would be created.
    case create
    /// An identical link holds its alias: a re-run keeps it.
    case exists
    /// Another link holds the alias, or the batch repeats it.
    case conflict
    /// The API refuses it; `message` says why.
    case invalid
}

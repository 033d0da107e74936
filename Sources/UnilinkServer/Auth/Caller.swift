import UnilinkCore

/// Who is calling, once a route group's authenticator has checked the credential.
enum Caller: Sendable {
    /// The admin token: apps and hosts.
    case admin
    /// An app's secret key: its links and numbers, from the team's backend.
    case secretKey(App)
    /// An app's publishable key: the SDK inside the app.
    case publishableKey(App)
}

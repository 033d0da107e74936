import Foundation
import HummingbirdOTP

/// Time-based one-time codes (RFC 6238 through hummingbird-auth's `TOTP`): 6 digits, 30
/// seconds, SHA-1, as every authenticator app reads them from an `otpauth://` URL.
enum SecondFactor {
    static let stepSeconds = 30

    /// 20 random characters: `TOTP` keys its HMAC with the secret's bytes, and the
    /// authenticator URL carries them in base 32.
    static func newSecret() -> String { Identifiers.random(20) }

    static func url(secret: String, account: String) -> String {
        TOTP(secret: secret).createAuthenticatorURL(label: account, issuer: "Unilink")
    }

    /// The time step `code` is right for, within one step of `now` either way (clocks
    /// drift, people type slowly), or `nil`.
    static func step(of code: String, secret: String, at now: Date) -> Int64? {
        let digits = code.filter { !$0.isWhitespace }
        guard digits.count == 6, digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        let current = Int64(now.timeIntervalSince1970) / Int64(stepSeconds)
        let totp = TOTP(secret: secret)
        for step in [current - 1, current, current + 1] {
            let code = totp.compute(date: Date(timeIntervalSince1970: TimeInterval(step * Int64(stepSeconds))))
            if code == number { return step }
        }
        return nil
    }

    /// The code for `date`, as an authenticator app shows it (tests and the enrolment check).
    static func code(secret: String, at date: Date) -> String {
        let value = TOTP(secret: secret).compute(date: date)
        let text = String(value)
        return String(repeating: "0", count: max(0, 6 - text.count)) + text
    }
}

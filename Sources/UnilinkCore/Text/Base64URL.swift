import Foundation

/// RFC 4648's base64url without padding: the alphabet of tokens carried in URLs and cookies.
public enum Base64URL {
    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// Click ids: 22 random letters and digits, made by the server for every click.
public enum ClickID {
    public static let length = 22

    public static func isWellFormed(_ text: Substring) -> Bool {
        text.count == length && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

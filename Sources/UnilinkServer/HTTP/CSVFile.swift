import Foundation
import Hummingbird
import NIOCore

/// Rows as a CSV file to download, safe to open in a spreadsheet.
enum CSVFile {
    static func response(header: [String], rows: [[String]], name: String) -> Response {
        let text = ([header] + rows).map(line).joined()
        return Response(status: .ok, headers: headers(name: name), body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A file written as `chunks` come: the header's line is the caller's first chunk.
    static func streamed<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, name: String) -> Response where Chunks.Element == ByteBuffer {
        Response(status: .ok, headers: headers(name: name), body: .init(asyncSequence: chunks))
    }

    /// One record and its line break.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    private static func field(_ text: String) -> String {
        // A leading = + - @ (or a tab or carriage return before one) would be a formula in a spreadsheet.
        let safe = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        return safe.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
    }

    private static func headers(name: String) -> HTTPFields {
        [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"]
    }
}

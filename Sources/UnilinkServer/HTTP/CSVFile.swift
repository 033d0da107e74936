import Foundation
import Hummingbird
import NIOCore

/// Rows as a CSV file to download, safe to open in a spreadsheet.
enum CSVFile {
    static func response(header: [String], rows: [[String]], name: String) -> Response {
        func field(_ text: String) -> String {
            // A leading = + - @ would be a formula in a spreadsheet.
            let safe = text.first.map { "=+-@".contains($0) } == true ? "'" + text : text
            return safe.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }
        let text = ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

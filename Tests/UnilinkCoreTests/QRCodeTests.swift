import Foundation
import Testing
import UnilinkTestSupport

@testable import UnilinkCore

/// The QR encoder against ISO/IEC 18004's numbers, and against a real reader: every PNG
/// is decoded by zbarimg (Debian's zbar-tools; `.ci/run` installs it and sets
/// UNILINK_REQUIRE_ZBAR so CI never skips).
@Suite("QR codes")
struct QRCodeTests {
    /// ISO/IEC 18004 annex I: "01234567" as 1-M; its 16 data codewords give these 10
    /// error-correction codewords.
    @Test func reedSolomonMatchesTheStandardsWorkedExample() {
        let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon(degree: 10).remainder(of: data) == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
        // 1-M is one block, so interleaving leaves data then correction.
        #expect(QRCode.interleaved(data, version: 1, errorCorrection: .medium) == data + [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
    }

    /// Table 7's byte-mode capacities and table 1's codeword counts at the corners.
    @Test func capacitiesAreTheStandards() {
        #expect(QRCode.capacity(version: 1, errorCorrection: .low) == 17)
        #expect(QRCode.capacity(version: 1, errorCorrection: .high) == 7)
        #expect(QRCode.capacity(version: 10, errorCorrection: .medium) == 213)
        #expect(QRCode.capacity(version: 40, errorCorrection: .low) == 2953)
        #expect(QRCode.capacity(version: 40, errorCorrection: .high) == 1273)
        #expect([1, 2, 7, 14, 40].map { QRCode.rawCodewords(version: $0) } == [26, 44, 196, 581, 3706])
        #expect(throws: QRCode.Failure.tooLong(bytes: 1274, maximum: 1273)) {
            try QRCode(bytes: Array(repeating: 65, count: 1274), errorCorrection: .high)
        }
    }

    /// Annex E's alignment pattern centres, including version 32's irregular step.
    @Test func alignmentCentresAreTheStandards() {
        #expect(QRCode.alignmentCentres(version: 1) == [])
        #expect(QRCode.alignmentCentres(version: 2) == [6, 18])
        #expect(QRCode.alignmentCentres(version: 7) == [6, 22, 38])
        #expect(QRCode.alignmentCentres(version: 15) == [6, 26, 48, 70])
        #expect(QRCode.alignmentCentres(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRCode.alignmentCentres(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    /// Version and format information as annex D lists them: version 7 is
    /// 000111110010010100, and M with mask 0 reads 101010000010010 in both copies.
    @Test func versionAndFormatInformationAreWhereReadersLook() throws {
        let code = try QRCode(
            bytes: Array(repeating: 0x41, count: QRCode.capacity(version: 7, errorCorrection: .medium)), errorCorrection: .medium, mask: 0)
        #expect(code.version == 7 && code.size == 45)
        let versionBits = (0..<18).reduce(0) { bits, index in bits | (code.isDark(x: code.size - 11 + index % 3, y: index / 3) ? 1 << index : 0) }
        let mirrored = (0..<18).reduce(0) { bits, index in bits | (code.isDark(x: index / 3, y: code.size - 11 + index % 3) ? 1 << index : 0) }
        #expect(versionBits == 0b00_01111100_10010100 && mirrored == versionBits)
        let aroundFinder = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
        let format = aroundFinder.enumerated().reduce(0) { bits, item in
            bits | (code.isDark(x: item.element.0, y: item.element.1) ? 1 << item.offset : 0)
        }
        #expect(format == 0b1010100_00010010)
        #expect(code.isDark(x: 8, y: code.size - 8), "the dark module")
    }

    @Test func theMaskWithTheLowestPenaltyIsChosenAndAnyMaskCanBeForced() throws {
        let text = "https://go.example.com/summer?utm_source=newsletter"
        let chosen = try QRCode(text: text)
        let scores = try (0..<8).map { mask in
            let code = try QRCode(text: text, mask: mask); return QRPenalty.score(size: code.size, modules: code.modules)
        }
        #expect(scores[chosen.mask] == scores.min())
        #expect(Set(scores).count > 1, "masks differ in penalty")
    }

    static var zbarimg: String? {
        ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_ZBAR"] != nil }

    /// Every version at every level (payloads that fill each one exactly), every mask,
    /// and several pixel scales, decoded by a real reader.
    @Test(.enabled(if: zbarimg != nil || required, "zbarimg is not installed; .ci/run installs zbar-tools"))
    func aRealReaderDecodesEveryVersionLevelMaskAndScale() async throws {
        let reader = try #require(Self.zbarimg, "UNILINK_REQUIRE_ZBAR is set but zbarimg was not found")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // About 20 s of encoding in a debug build: on a thread of its own.
        let cases = try await OwnThread.run { () throws -> [(name: String, payload: String, code: QRCode, scale: Int, version: Int?)] in
            var cases: [(name: String, payload: String, code: QRCode, scale: Int, version: Int?)] = []
            let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?=&%")
            var generator = SeededGenerator(seed: 18004)
            for level in QRErrorCorrection.allCases {
                for version in 1...40 {
                    let length = QRCode.capacity(version: version, errorCorrection: level)
                    let random = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                    let payload = String(("https://go.example/" + random).prefix(length))
                    cases.append(
                        ("\(level.rawValue)\(version)", payload, try QRCode(text: payload, errorCorrection: level), version > 20 ? 2 : 3, version))
                }
            }
            for mask in 0..<8 {
                let payload = "https://go.example/mask-\(mask)?campaign=é✓"
                cases.append(("mask\(mask)", payload, try QRCode(text: payload, errorCorrection: .quartile, mask: mask), 4, nil))
            }
            for scale in [1, 2, 5, 9] {
                let payload = "https://go.example/scale/\(scale)"
                cases.append(("scale\(scale)", payload, try QRCode(text: payload), scale, nil))
            }
            for item in cases {
                try Data(item.code.png(scale: item.scale)).write(to: directory.appendingPathComponent("\(item.name).png"))
            }
            return cases
        }
        for item in cases {
            if let version = item.version {
                #expect(item.code.version == version, "\(item.name): \(item.payload.utf8.count) bytes should need version \(version)")
            }
        }
        let decoded = try await Self.decode(reader, directory: directory, names: cases.map(\.name))
        for item in cases {
            #expect(decoded[item.name] == item.payload, "\(item.name): version \(item.code.version), mask \(item.code.mask), scale \(item.scale)")
        }
    }

    @Test func theSVGDrawsEveryDarkModuleInsideTheQuietZone() throws {
        let code = try QRCode(text: "https://go.example/a")
        let svg = code.svg(pixels: 200)
        #expect(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"200\" height=\"200\" viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""
            ))
        let runs = svg.matches(of: /M(\d+) (\d+)h(\d+)/).map { (Int($0.1)!, Int($0.2)!, Int($0.3)!) }
        let drawn = runs.reduce(0) { $0 + $1.2 }
        let dark = (0..<code.size).flatMap { y in (0..<code.size).map { x in code.isDark(x: x, y: y) } }.filter { $0 }.count
        #expect(drawn == dark)
        #expect(runs.allSatisfy { $0.0 >= 4 && $0.1 >= 4 && $0.0 + $0.2 <= code.size + 4 && $0.1 < code.size + 4 })
    }

    /// One zbarimg per image, two at a time; `--raw` prints the payload alone.
    static func decode(_ reader: String, directory: URL, names: [String]) async throws -> [String: String] {
        @Sendable func read(_ name: String) async throws -> (String, String) {
            let image = directory.appendingPathComponent("\(name).png").path
            let ran = try await ChildProcess.run(
                URL(fileURLWithPath: reader), ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", image], errors: .discarded)
            var text = ran.output
            if text.hasSuffix("\n") { text.removeLast() }
            return (name, text)
        }
        return try await withThrowingTaskGroup(of: (String, String).self) { group in
            var waiting = names.makeIterator()
            for _ in 0..<2 { if let name = waiting.next() { group.addTask { try await read(name) } } }
            var results: [String: String] = [:]
            while let (name, text) = try await group.next() {
                results[name] = text
                if let next = waiting.next() { group.addTask { try await read(next) } }
            }
            return results
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing payload can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// The penalty rule of ISO/IEC 18004 (8.8.2) that picks the mask: long runs, 2x2 blocks,
/// finder-like 1:1:3:1:1 patterns, and an unbalanced share of dark modules all score.
enum QRPenalty {
    /// `modules` row by row, `size` to a row, true for dark.
    static func score(size: Int, modules: [Bool]) -> Int {
        var score = 0
        for line in 0..<size {
            score += lineScore(Array(modules[line * size..<(line + 1) * size]))
            score += lineScore((0..<size).map { modules[$0 * size + line] })
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if modules[y * size + x + 1] == colour, modules[(y + 1) * size + x] == colour, modules[(y + 1) * size + x + 1] == colour {
                    score += 3
                }
            }
        }
        let dark = modules.lazy.filter { $0 }.count
        let percent = dark * 100 / (size * size)
        score += abs(percent - 50) / 5 * 10
        return score
    }

    /// dark, light, dark x3, light, dark
    private static let finderLike: [Bool] = [true, false, true, true, true, false, true]
    private static let lightRun = [Bool](repeating: false, count: 4)

    /// Runs of five or more modules of one colour (3 + the length beyond five) and
    /// finder-like patterns with four light modules before or after them (40 each).
    private static func matches(_ line: [Bool], at start: Int, _ pattern: [Bool]) -> Bool {
        pattern.indices.allSatisfy { line[start + $0] == pattern[$0] }
    }

    private static func lineScore(_ line: [Bool]) -> Int {
        var score = 0
        var run = 1
        for index in 1...line.count {
            if index < line.count, line[index] == line[index - 1] {
                run += 1
                continue
            }
            if run >= 5 { score += 3 + run - 5 }
            run = 1
        }
        if line.count >= 11 {
            for start in 0...(line.count - 11) {
                if matches(line, at: start, finderLike), matches(line, at: start + 7, lightRun) { score += 40 }
                if matches(line, at: start, lightRun), matches(line, at: start + 4, finderLike) { score += 40 }
            }
        }
        return score
    }
}

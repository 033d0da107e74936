import Foundation
import UnilinkTestSupport

/// What every dashboard page must pass in the browser: axe-core's rules with no serious or
/// critical violation, and no element that overflows the window or its box. axe-core is
/// the copy PyPI's axe-selenium-python ships (`.ci/run` installs it); its licence is MPL 2.0.
enum PageCheck {
    /// axe.min.js, found through the Python package that carries it (once per process).
    static func axeScript() async -> String? { await axe.value }

    private static let axe = Task { await findAxe() }

    private static func findAxe() async -> String? {
        guard
            let ran = try? await ChildProcess.run(
                command: "python3", ["-c", "import axe_selenium_python, os; print(os.path.dirname(axe_selenium_python.__file__))"],
                errors: .discarded),
            ran.status == 0
        else { return nil }
        let folder = ran.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !folder.isEmpty else { return nil }
        return try? String(contentsOfFile: folder + "/node_modules/axe-core/axe.min.js", encoding: .utf8)
    }

    /// `UNILINK_REQUIRE_AXE` (CI sets it): the accessibility checks may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_AXE"] != nil }

    /// Serious and critical violations on the page, one line each (empty when clean).
    static func violations(in browser: WebDriver) async throws -> [String] {
        guard let axe = await axeScript() else {
            if required { throw WebDriver.Failure(description: "UNILINK_REQUIRE_AXE is set but axe-selenium-python is not installed") }
            return []
        }
        if try await browser.execute("return typeof window.axe") as? String != "object" { try await browser.execute(axe) }
        let found =
            try await browser.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations
                  .filter(v => v.impact === 'serious' || v.impact === 'critical')
                  .map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')
                    + ' (' + (v.nodes[0] ? v.nodes[0].failureSummary : '').replace(/\\s+/g, ' ') + ')')))
                  .catch(e => done(['axe failed: ' + e]));
                """) as? [String] ?? ["axe gave no answer"]
        return found
    }

    /// Elements wider than the window, or sticking out of their box, outside any box that
    /// scrolls on purpose.
    static func overflows(in browser: WebDriver) async throws -> [String] {
        try await browser.execute(
            """
            const width = document.documentElement.clientWidth, found = [];
            if (document.documentElement.scrollWidth > width) found.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + width + ' px window');
            const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; } return false; };
            const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
            for (const e of document.body.querySelectorAll('*')) {
              const r = e.getBoundingClientRect();
              if (r.width === 0 || getComputedStyle(e).position === 'absolute' || scrolls(e)) continue;
              if (r.right > width + 1) found.push(name(e) + ' ends at ' + Math.round(r.right) + ' px');
              else if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible' && e.clientWidth > 0 && !['svg','img','input','select','textarea','button'].includes(e.tagName.toLowerCase())) found.push(name(e) + ' holds ' + e.scrollWidth + ' px in ' + e.clientWidth);
            }
            return found.slice(0, 10);
            """) as? [String] ?? []
    }

    /// Both checks, named by the page and the width.
    static func problems(on page: String, width: Int, in browser: WebDriver) async throws -> [String] {
        let accessibility = try await violations(in: browser)
        let layout = try await overflows(in: browser)
        return (accessibility + layout).map { "\(page) at \(width) px: \($0)" }
    }
}

extension WebDriver {
    /// Resizes the window so that the page's viewport is `width` CSS pixels wide.
    func setViewport(width: Int, height: Int) async throws {
        try await setWindow(width: width, height: height)
        // The window's frame takes some of it: grow the window by the difference.
        let inner = try await execute("return [window.innerWidth, window.innerHeight]") as? [Int] ?? [width, height]
        if inner != [width, height] { try await setWindow(width: 2 * width - inner[0], height: 2 * height - inner[1]) }
    }
}

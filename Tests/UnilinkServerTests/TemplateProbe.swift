import Mustache

@testable import UnilinkServer

/// Stands in for a page model while its template renders, and writes down what the
/// template asked for: every property it read (by path, `numbers.platforms.name`; a list
/// adds no step), and every name it asked the page itself for that the page does not have
/// (the page is the bottom of Mustache's stack, so nothing answered those).
struct TemplateProbe: MustacheParent {
    final class Log {
        var read: Set<String> = []
        var unanswered: Set<String> = []
        /// Names some object has but holds `nil` for: Mustache then asks further down the stack.
        var absent: Set<String> = []
        /// A `MustacheParent` whose answer is not the property of that name.
        var misanswered: [String] = []
    }

    let value: Any
    let path: String
    let log: Log
    let isPage: Bool

    static func page(_ value: Any, log: Log) -> TemplateProbe {
        TemplateProbe(value: value, path: "", log: log, isPage: true)
    }

    func child(named name: String) -> Any? {
        guard let property = Mirror(reflecting: value).children.first(where: { $0.label == name }) else {
            if isPage { log.unanswered.insert(name) }
            return nil
        }
        let childPath = path.isEmpty ? name : "\(path).\(name)"
        guard let stored = Self.unwrapped(property.value) else {
            log.absent.insert(name)
            return nil
        }
        if let parent = value as? any MustacheParent {
            let answer = parent.child(named: name).flatMap(Self.unwrapped)
            if answer.map(String.init(describing:)) != String(describing: stored) { log.misanswered.append(childPath) }
        }
        log.read.insert(childPath)
        return wrap(stored, path: childPath)
    }

    private func wrap(_ value: Any, path: String) -> Any {
        switch value {
        case is String, is Int, is Bool, is TrustedHTML: value
        case let list as [Any]: list.map { wrap($0, path: path) }
        default: TemplateProbe(value: value, path: path, log: log, isPage: false)
        }
    }

    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }

    /// Every value a model holds, by the same paths; `nil`s are left out (nothing to show).
    static func values(of model: Any, path: String = "") -> [(path: String, value: Any)] {
        var found: [(path: String, value: Any)] = []
        for property in Mirror(reflecting: model).children {
            guard let label = property.label, let value = unwrapped(property.value) else { continue }
            let childPath = path.isEmpty ? label : "\(path).\(label)"
            found.append((childPath, value))
            switch value {
            case is String, is Int, is Bool, is TrustedHTML: break
            case let list as [Any]: for element in list where !(element is String) { found += values(of: element, path: childPath) }
            default: found += values(of: value, path: childPath)
            }
        }
        return found
    }
}

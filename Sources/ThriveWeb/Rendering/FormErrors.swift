import Mustache
import ThriveCore

/// Field errors for a form: each message shown beside its input (tied by `aria-describedby`) and
/// listed, with links to the fields, in a summary that takes focus.
struct FormErrors: Sendable {
    struct Item: Sendable {
        let field: String
        let message: String
    }

    private(set) var items: [Item] = []

    var hasAny: Bool { !items.isEmpty }
    var summary: String { Localizer.current.plural("form.problems", items.count) }

    mutating func add(_ field: String, _ message: String) {
        items.append(Item(field: field, message: message))
    }

    mutating func add(_ error: ValidationError) {
        add(error.field, error.message)
    }

    /// Lets templates write `{{#errors.email}}…{{/errors.email}}`.
    subscript(field: String) -> String? {
        items.first { $0.field == field }?.message
    }
}

extension FormErrors: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "hasAny": hasAny
        case "summary": summary
        case "items": items
        default: self[name]
        }
    }
}

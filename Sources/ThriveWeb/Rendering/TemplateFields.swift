import Mustache

/// A page model's stored properties by name, read once per render.
///
/// swift-mustache finds a name in a plain struct by reflecting every property of it, for every tag
/// and for every level of the context stack it climbs (a habit card's `csrfToken` is three levels
/// up), which made rendering most of a page's server time. Reading each model once into a
/// dictionary keeps the templates' meaning: a nil property is absent, so a lookup climbs on as
/// before.
struct TemplateFields: MustacheParent {
    private let fields: [String: Any]

    func child(named name: String) -> Any? { fields[name] }

    /// `value` with its optionals unwrapped and every plain struct in it (and in its arrays) read
    /// into fields; text, numbers and anything that describes or renders itself stay as they are.
    static func reading(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { reading($0.value) }
        case .collection:
            return mirror.children.compactMap { reading($0.value) }
        case .struct, .class:
            // Checked after optionals and arrays, since those describe themselves too.
            if value is any CustomStringConvertible || value is any MustacheParent || value is MustacheLambda
                || value is any MustacheCustomRenderable
            {
                return value
            }
            var fields: [String: Any] = [:]
            for child in mirror.children {
                if let label = child.label, let value = reading(child.value) { fields[label] = value }
            }
            return TemplateFields(fields: fields)
        default:
            return value
        }
    }
}

import Mustache
import ThriveCore

/// What a template's `{{t.some.key}}` reads: each dotted part narrows the key until it names a
/// text. Text that names page values ("{{count}} records") or carries markup is a template of its
/// own, rendered where it stands, so its values are escaped like any other.
struct CatalogScope: MustacheParent, Sendable {
    let localizer: Localizer
    let prefix: String

    func child(named name: String) -> Any? {
        let key = prefix.isEmpty ? name : "\(prefix).\(name)"
        return localizer.templateOrText(key) ?? CatalogScope(localizer: localizer, prefix: key)
    }
}

/// A key missing from every catalog shows as itself (the tests fail on it first).
extension CatalogScope: MustacheCustomRenderable {
    var renderText: String { prefix }
    var isNull: Bool { false }
}

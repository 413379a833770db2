import ThriveCore

extension Pillar {
    /// "Fitness", in the request's language.
    var title: String { t("pillar.\(rawValue)") }
}

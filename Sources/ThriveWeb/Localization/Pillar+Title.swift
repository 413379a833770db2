import ThriveCore

extension Pillar {
    /// "Fitness", in the request's language.
    var title: String { t("pillar.\(rawValue)") }
}

extension PillarScore {
    /// The explanation's sentences in the request's language, as one paragraph.
    var sentences: String { explanation.map { t($0) }.joined(separator: " ") }
}

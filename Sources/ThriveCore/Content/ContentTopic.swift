/// What a library piece is about: the coaching goals, and lung health for people living with
/// alpha-1 antitrypsin deficiency or carrying a Z allele (spec 001's education).
public enum ContentTopic: String, Hashable, Sendable, Codable, CaseIterable {
    case exercise, nutrition, sleep, stress, growth, lungs
}

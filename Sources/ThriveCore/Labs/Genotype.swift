import Foundation

/// The SERPINA1 (PI) genotype a lab reports: two alleles such as `MZ`. The common ones are named;
/// null and rare alleles (`Mmalton`, `Q0granite falls`, …) are kept as the lab wrote them.
public struct Genotype: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Common: String, Sendable, CaseIterable {
        case mm = "MM"
        case ms = "MS"
        case mz = "MZ"
        case ss = "SS"
        case sz = "SZ"
        case zz = "ZZ"
    }

    /// As reported, trimmed, with a leading `PI*` removed.
    public let text: String

    /// Nil for empty text or more than 60 characters.
    public init?(_ text: String) {
        var cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if cleaned.uppercased().hasPrefix("PI*") { cleaned = String(cleaned.dropFirst(3)) }
        guard !cleaned.isEmpty, cleaned.count <= 60 else { return nil }
        self.text = Common(rawValue: cleaned.uppercased()).map(\.rawValue) ?? cleaned
    }

    public var common: Common? { Common(rawValue: text) }

    /// Whether the genotype carries at least one Z allele (MZ, SZ, ZZ): the people of the spec's
    /// "MZ carrier" stories, offered air-quality alerts and lung-health tracking.
    public var carriesZ: Bool { common.map { $0.rawValue.contains("Z") } ?? false }

    public var description: String { text }
}

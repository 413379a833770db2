import Foundation

/// How a coach or creator dresses the coaching space of the people who join them: a name, colours,
/// a font from a safe list, a logo and an avatar, the welcome message, the voice the on-device coach
/// speaks in, and badges of their own.
public struct CreatorBranding: Hashable, Sendable, Codable {
    /// System font stacks only: nothing is fetched from elsewhere, and every stack falls back to a
    /// font every device has.
    public enum Font: String, Hashable, Sendable, Codable, CaseIterable {
        case system, humanist, serif, rounded

        public var stack: String {
            switch self {
            case .system: "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Noto Sans\", sans-serif"
            case .humanist: "Seravek, \"Gill Sans Nova\", Ubuntu, Calibri, \"DejaVu Sans\", source-sans-pro, sans-serif"
            case .serif: "Charter, \"Bitstream Charter\", \"Sitka Text\", Cambria, \"DejaVu Serif\", serif"
            case .rounded:
                "ui-rounded, \"Hiragino Maru Gothic ProN\", Quicksand, Comfortaa, Manjari, \"Arial Rounded MT\", sans-serif"
            }
        }
    }

    public enum EmojiUse: String, Hashable, Sendable, Codable, CaseIterable {
        case none, moderate
    }

    /// The voice the on-device coach speaks in for the creator's people.
    public struct Voice: Hashable, Sendable, Codable {
        /// Given to a person as their tone when they join (they can change it).
        public var tone: CoachingTone = .supportive
        public var emoji: EmojiUse = .moderate

        public init(tone: CoachingTone = .supportive, emoji: EmojiUse = .moderate) {
            self.tone = tone
            self.emoji = emoji
        }
    }

    /// A badge of the creator's own, earned by habit days done.
    public struct Badge: Hashable, Sendable, Codable {
        public var id: String
        public var name: String
        public var icon: String
        public var description: String
        public var habitDays: Int

        public init(id: String, name: String, icon: String, description: String, habitDays: Int) {
            self.id = id
            self.name = name
            self.icon = icon
            self.description = description
            self.habitDays = habitDays
        }
    }

    /// The coach's name as people see it ("Sarah Johnson").
    public var name: String
    public var primary: BrandColor
    public var accent: BrandColor
    public var font: Font
    public var welcomeMessage: String
    public var voice: Voice
    public var badges: [Badge]
    public var logo: CoachAttachmentID?
    public var avatar: CoachAttachmentID?
    /// Programs and library pieces the creator puts first for their people, by their slugs.
    public var featuredPrograms: [String] = []
    public var featuredContent: [String] = []

    public init(
        name: String, primary: BrandColor = BrandColor(hex: "#0F766E")!, accent: BrandColor = BrandColor(hex: "#1D4ED8")!,
        font: Font = .system, welcomeMessage: String = "", voice: Voice = Voice(), badges: [Badge] = [],
        logo: CoachAttachmentID? = nil, avatar: CoachAttachmentID? = nil
    ) {
        self.name = name
        self.primary = primary
        self.accent = accent
        self.font = font
        self.welcomeMessage = welcomeMessage
        self.voice = voice
        self.badges = badges
        self.logo = logo
        self.avatar = avatar
    }

    enum CodingKeys: String, CodingKey {
        case name, primary, accent, font, welcomeMessage, voice, badges, logo, avatar, featuredPrograms, featuredContent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            primary: try container.decode(BrandColor.self, forKey: .primary),
            accent: try container.decode(BrandColor.self, forKey: .accent),
            font: try container.decode(Font.self, forKey: .font),
            welcomeMessage: try container.decode(String.self, forKey: .welcomeMessage),
            voice: try container.decode(Voice.self, forKey: .voice), badges: try container.decode([Badge].self, forKey: .badges),
            logo: try container.decodeIfPresent(CoachAttachmentID.self, forKey: .logo),
            avatar: try container.decodeIfPresent(CoachAttachmentID.self, forKey: .avatar))
        featuredPrograms = try container.decodeIfPresent([String].self, forKey: .featuredPrograms) ?? []
        featuredContent = try container.decodeIfPresent([String].self, forKey: .featuredContent) ?? []
    }

    /// Text contrast every brand colour must reach (WCAG AA for normal text): white on it for
    /// buttons, and it on white for links.
    public static let minimumContrast = 4.5

    /// The branding checked: names and words within their lengths, badges well formed, and colours
    /// that reach 4.5:1. A colour that falls short is refused with a darker shade to use, or, with
    /// `adjusting`, replaced by that shade; the answer says which colours changed.
    public func validated(adjusting: Bool) throws(ValidationError) -> (branding: CreatorBranding, adjusted: [String]) {
        var copy = self
        copy.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(copy.name.count) else { throw .length("name", "coachName", atMost: 60) }
        copy.welcomeMessage = welcomeMessage.trimmingCharacters(in: .whitespacesAndNewlines)
        guard copy.welcomeMessage.count <= 500 else { throw .tooLong("welcomeMessage", "welcomeMessage", atMost: 500) }
        var adjusted: [String] = []
        for (field, color) in [("primary", primary), ("accent", accent)] {
            let ratio = color.contrast(with: .white)
            guard ratio < Self.minimumContrast else { continue }
            let darker = color.darkened(toContrast: Self.minimumContrast)
            guard adjusting else {
                throw .because(
                    field, "brandContrast",
                    [
                        "color": .text(color.description), "ratio": .decimal(ratio, digits: 1),
                        "suggestion": .text(darker.description),
                    ])
            }
            if field == "primary" { copy.primary = darker } else { copy.accent = darker }
            adjusted.append(field)
        }
        guard badges.count <= 12 else { throw .because("badges", "brandBadgeCount") }
        var seen = Set<String>()
        for (index, badge) in badges.enumerated() {
            let field = "badges.\(index)"
            guard Slug<Badge>(badge.id) != nil, seen.insert(badge.id).inserted else { throw .because(field, "brandBadgeID") }
            guard (1...40).contains(badge.name.trimmingCharacters(in: .whitespaces).count) else {
                throw .length("\(field).name", "badgeName", atMost: 40)
            }
            guard badge.icon.count == 1 else { throw .because("\(field).icon", "habitIcon") }
            guard badge.description.count <= 140 else { throw .tooLong("\(field).description", "badgeDescription", atMost: 140) }
            guard (1...10_000).contains(badge.habitDays) else {
                throw .wholeNumber("\(field).habitDays", "badgeDays", 1, 10_000)
            }
        }
        return (copy, adjusted)
    }

    /// The on-device coach's words in this voice: without emoji when the creator wants none.
    public func voiced(_ text: String) -> String {
        guard voice.emoji == .none else { return text }
        let kept = text.unicodeScalars.filter {
            !($0.properties.isEmojiPresentation || ($0.properties.isEmoji && $0.value > 0x2000)
                || [0xFE0F, 0x200D].contains($0.value))
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: "  ", with: " ")
            .trimmingCharacters(in: .whitespaces)
    }
}

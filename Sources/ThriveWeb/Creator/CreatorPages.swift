import Foundation
import ThriveCore

/// Coach › Your coaching space: the studio for a creator, the space as a person in it sees it, or
/// how to join one.
struct CreatorPage: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Badge: Sendable {
        let id: String
        let icon: String
        let name: String
        let detail: String
    }

    struct Figure: Sendable {
        let label: String
        let value: String
    }

    struct Person: Sendable {
        let name: String
        let detail: String
    }

    /// A program or piece the creator wrote, as the studio lists it.
    struct Written: Sendable {
        let title: String
        /// "🌅 · 10 days", "📋 Worksheet · 5 min".
        let detail: String
        let path: String
        let editPath: String
    }

    let isCreator: Bool
    let isMember: Bool
    let isNeither: Bool
    let name: String
    let welcomeMessage: String
    let primary: String
    let accent: String
    let fonts: [Option]
    let tones: [Option]
    let emoji: [Option]
    let badges: [Badge]
    let programs: [Option]
    let written: [Written]
    let pieces: [Option]
    let writtenPieces: [Written]
    let newProgramPath = "\(CreatorPagesController.base)/programs/new"
    let newPiecePath = "\(CreatorPagesController.base)/pieces/new"
    let invite: String
    var figures: [Figure]
    /// Why there are no totals yet (too few people share).
    var totalsNote: String?
    let shared: [Person]
    let noneShare: Bool
    let sharing: Bool
    let notice: String?
    var errors: FormErrors

    init(
        space: CreatorService.Space?, summary: CreatorService.Summary?, sharing: Bool, invite: String, notice: String?,
        errors: FormErrors, programs written: [CreatorWritingService<Program>.Written] = [],
        pieces writtenPieces: [CreatorWritingService<ContentEntry>.Written] = []
    ) {
        isCreator = space?.isOwn == true
        isMember = space != nil && space?.isOwn == false
        isNeither = space == nil
        let branding = space?.branding ?? CreatorBranding()
        name = branding.name
        welcomeMessage = branding.welcomeMessage
        primary = branding.primary.description
        accent = branding.accent.description
        fonts = CreatorBranding.Font.allCases.map {
            Option(value: $0.rawValue, label: t("creator.font.\($0.rawValue)"), selected: $0 == branding.font)
        }
        tones = CoachingTone.allCases.map {
            Option(value: $0.rawValue, label: t("setting.coaching.tone.\($0.rawValue)"), selected: $0 == branding.voice.tone)
        }
        emoji = CreatorBranding.EmojiUse.allCases.map {
            Option(value: $0.rawValue, label: t("creator.emoji.\($0.rawValue)"), selected: $0 == branding.voice.emoji)
        }
        badges = branding.badges.map {
            Badge(
                id: $0.id, icon: $0.icon, name: $0.name,
                detail: Localizer.current.plural("creator.badgeDays", $0.habitDays)
                    + ($0.description.isEmpty ? "" : " · \($0.description)"))
        }
        self.written = written.map {
            Written(
                title: $0.entity.title,
                detail: "\($0.entity.icon) · \(Localizer.current.plural("program.days", $0.entity.length))",
                path: CreatorWritingKind.programs.publicPath($0.id.rawValue),
                editPath: "\(CreatorPagesController.base)/programs/\($0.id)")
        }
        self.writtenPieces = writtenPieces.map {
            Written(
                title: $0.entity.title,
                detail: "\(LibraryCard.icons[$0.entity.kind] ?? "") \(t("library.kind.\($0.entity.kind.rawValue)")) · "
                    + t("library.minutes", ["count": DisplayFormat.count($0.entity.minutes)]),
                path: CreatorWritingKind.pieces.publicPath($0.id.rawValue),
                editPath: "\(CreatorPagesController.base)/pieces/\($0.id)")
        }
        programs = (ProgramLibrary.bundled.programs + written.map(\.entity)).map {
            Option(
                value: $0.id.rawValue, label: "\($0.icon) \($0.title)",
                selected: branding.featuredPrograms.contains($0.id.rawValue))
        }
        pieces = (ContentLibrary.bundled.entries + writtenPieces.map(\.entity)).map {
            Option(
                value: $0.id.rawValue, label: "\($0.title) (\(t("library.kind.\($0.kind.rawValue)")))",
                selected: branding.featuredContent.contains($0.id.rawValue))
        }
        self.invite = invite
        if let summary {
            figures = [
                Figure(label: t("creator.figure.members"), value: DisplayFormat.count(summary.members)),
                Figure(label: t("creator.figure.sharing"), value: DisplayFormat.count(summary.sharing)),
            ]
            if let totals = summary.totals {
                let percent = totals.averageWeekCompletion.map(DisplayFormat.percent) ?? "–"
                figures += [
                    Figure(label: t("creator.figure.activeToday"), value: DisplayFormat.count(totals.activeToday)),
                    Figure(label: t("creator.figure.week"), value: percent),
                    Figure(label: t("creator.figure.programs"), value: DisplayFormat.count(totals.programsRunning)),
                ]
            } else {
                totalsNote = t("creator.totalsFromGroup", ["count": DisplayFormat.count(summary.minimumGroup)])
            }
            shared = summary.shared.map { person in
                Person(
                    name: person.name,
                    detail: t(
                        "creator.sharedDetail",
                        [
                            "week": person.weekCompletion.map(DisplayFormat.percent) ?? "–",
                            "streak": DisplayFormat.count(person.longestStreak),
                        ]))
            }
        } else {
            figures = []
            shared = []
        }
        noneShare = isCreator && shared.isEmpty
        self.sharing = sharing
        self.notice = notice
        self.errors = errors
    }
}

/// An invitation to a creator's space.
struct CreatorJoinPage: Sendable {
    let creator: String
    let name: String
}

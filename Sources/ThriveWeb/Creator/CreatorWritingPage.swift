import Foundation
import ThriveCore

/// One kind of thing a creator writes, as the studio speaks of it: its addresses, its words (under
/// `keys` in the catalog), the format's rules, and a text to start from.
struct CreatorWritingKind: Sendable {
    /// "programs" in /coach/creator/programs.
    let segment: String
    /// "creatorProgram": the catalog keys for this kind's words.
    let keys: String
    /// Catalog keys of the format's rules, one line each.
    let format: [String]
    /// The format by example, in the creator's hands to change.
    let starter: String
    /// Where people see one, by its address.
    let publicPath: @Sendable (String) -> String

    static let programs = CreatorWritingKind(
        segment: "programs", keys: "creatorProgram",
        format: ["creatorProgram.formatFront", "creatorProgram.formatHabits", "creatorProgram.formatDays"],
        starter: """
            ---
            title: Morning energy
            icon: 🌅
            goal: exercise
            level: Beginner friendly
            summary: A short start to mornings that begin with movement.
            ---

            ## Habits
            - 🚶 Morning walk | minutes 10 | every day | reminder 07:30
            - 💧 Glass of water on waking | every day

            ## Day 1: Start small
            Ten minutes of walking after you wake up is the whole task today. Put your shoes by the door
            tonight so tomorrow starts with them.

            ## Day 2: Same time, same place
            Walk at the same time as yesterday. A habit tied to a moment is easier to keep than one
            squeezed in when there is time.

            """,
        publicPath: { "\(ProgramPagesController.base)/\($0)" })

    static let pieces = CreatorWritingKind(
        segment: "pieces", keys: "creatorPiece", format: ["creatorPiece.formatFront", "creatorPiece.formatBody"],
        starter: """
            ---
            title: Three questions for Sunday
            kind: worksheet
            topic: growth
            minutes: 5
            added: 2026-11-24
            summary: Five minutes to look back at the week and choose one thing for the next.
            ---
            ## 1. What went well?
            Write down one habit you kept and what made it easier.

            ## 2. What got in the way?
            Name it plainly. Then write what you will do when it happens again.

            ## 3. One thing for next week
            Pick **one** small change, and put it where you will see it.

            """,
        publicPath: { "\(LibraryPagesController.base)/\($0)" })
}

/// Coach › Your coaching space › Write a program (or a piece): the Markdown, with the format
/// explained beside it and the line to mend when it does not read.
struct CreatorWritingPage: Sendable {
    let heading: String
    let crumb: String
    let anchor: String
    let format: [String]
    let markdownLabel: String
    let markdownHint: String
    let saveLabel: String
    let action: String
    let text: String
    let error: String?
    let removeAction: String?
    let removeLabel: String
    let removeHint: String
    let removeConfirm: String
    let removeError: String?
    let creatorPath = CreatorPagesController.base

    init(
        _ kind: CreatorWritingKind, id: String?, title: String?, text: String, error: String? = nil,
        removeError: String? = nil
    ) {
        let keys = kind.keys
        heading = title.map { t("\(keys).editTitle", ["title": $0]) } ?? t("\(keys).newTitle")
        crumb = t("\(keys).yours")
        anchor = kind.segment
        format = kind.format.map { t($0) }
        markdownLabel = t("\(keys).markdown")
        markdownHint = t("\(keys).markdownHint")
        saveLabel = t("\(keys).save")
        let base = "\(CreatorPagesController.base)/\(kind.segment)"
        action = id.map { "\(base)/\($0)" } ?? base
        self.text = text
        self.error = error
        removeAction = id.map { "\(base)/\($0)/remove" }
        removeLabel = t("\(keys).remove")
        removeHint = t("\(keys).removeHint")
        removeConfirm = t("\(keys).removeConfirm")
        self.removeError = removeError
    }
}

import Foundation
import ThriveCore

/// Coach › Your coaching space › Write a program: the Markdown of one of the creator's programs,
/// with the format explained beside it and the line to mend when it does not read.
struct CreatorProgramPage: Sendable {
    /// A program to start from: the format by example, in the creator's hands to change.
    static let starter = """
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

        """

    let heading: String
    let action: String
    let text: String
    let error: String?
    let removeAction: String?
    let removeError: String?
    let creatorPath = CreatorPagesController.base

    init(id: ProgramID?, title: String?, text: String, error: String? = nil, removeError: String? = nil) {
        heading = title.map { t("creatorProgram.editTitle", ["title": $0]) } ?? t("creatorProgram.newTitle")
        let base = "\(CreatorPagesController.base)/programs"
        action = id.map { "\(base)/\($0)" } ?? base
        self.text = text
        self.error = error
        removeAction = id.map { "\(base)/\($0)/remove" }
        self.removeError = removeError
    }
}

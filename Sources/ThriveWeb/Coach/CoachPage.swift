import Foundation
import ThriveCore
import ThriveStore

/// The coach chat page: the conversation (or search results), the composer, and notes.
struct CoachPage: Sendable {
    /// One message as a bubble.
    struct Bubble: Sendable {
        struct Option: Sendable {
            let label: String
            let payload: String
        }

        struct Check: Sendable {
            let messageID: String
            let habitName: String
            /// "Done" or "Not yet", once answered.
            let answer: String?
            let open: Bool
        }

        let cursor: String
        let author: String
        let fromCoach: Bool
        let authorLabel: String
        let text: String?
        /// The words as HTML, escaped and then formatted (``ChatText``).
        let html: String?
        let imageURL: String?
        let time: String
        let timestamp: String
        /// ✓, ✓✓ and its words, on the person's own messages.
        let ticks: String?
        let statusLabel: String?
        let status: String
        let options: [Option]
        let hasOptions: Bool
        let check: Check?

        init(_ posted: PostedCoachMessage, zone: TimeZone, showOptions: Bool, name: String? = nil) {
            let message = posted.message
            cursor = String(posted.seq)
            author = message.author.rawValue
            fromCoach = message.author == .coach
            authorLabel = t(fromCoach ? "coach.said" : "coach.youSaid")
            text = message.text.isEmpty ? nil : message.text
            html = message.text.isEmpty ? nil : ChatText.html(message.text, mention: fromCoach ? name : nil)
            imageURL = message.attachment.map { "/api/v1/coach/attachments/\($0)" }
            time = DisplayFormat.time(message.createdAt, in: zone)
            timestamp = message.createdAt.formatted(.iso8601)
            status = message.status.rawValue
            ticks = fromCoach ? nil : (message.status == .sent ? "✓" : "✓✓")
            statusLabel = fromCoach ? nil : t("coach.status.\(message.status.rawValue)")
            options =
                showOptions
                ? message.quickReplies.map(\.inReadersLanguage).map { Option(label: $0.label, payload: $0.payload) } : []
            hasOptions = !options.isEmpty
            check = message.habitCheck.map { check in
                Check(
                    messageID: message.id.description, habitName: check.habitName,
                    answer: check.answer.map { t("coach.answer.\($0.rawValue)") }, open: check.answer == nil)
            }
        }
    }

    let provider: String
    /// The creator's name and avatar, in a creator's space.
    var coachName: String?
    var avatarURL: String?
    var isCreator = false
    let messages: [Bubble]
    let olderCursor: String?
    let lastCursor: String
    let query: String?
    let results: [Bubble]?
    let searching: Bool
    let noResults: Bool
    let resultCount: String?
    var notice: String?
    var badges: [String] = [] {
        didSet { hasBadges = !badges.isEmpty }
    }
    private(set) var hasBadges = false
    var error: String?
    var draft = ""

    init(
        page: CoachService.Page?, results: [PostedCoachMessage]?, query: String?, provider: String, zone: TimeZone,
        name: String? = nil
    ) {
        self.provider = provider
        let posted = page?.messages ?? []
        // Quick replies belong to the conversation's last word: once the person answered, they go.
        messages = posted.map { Bubble($0, zone: zone, showOptions: $0.seq == posted.last?.seq, name: name) }
        olderCursor = page?.olderCursor.map(String.init)
        lastCursor = posted.last.map { String($0.seq) } ?? "0"
        self.query = query
        self.results = results?.map { Bubble($0, zone: zone, showOptions: false) }
        searching = results != nil
        noResults = results?.isEmpty == true
        resultCount = results.map { Localizer.current.plural("coach.search.found", $0.count) }
    }
}

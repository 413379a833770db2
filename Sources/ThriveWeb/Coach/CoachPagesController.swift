import Foundation
import Hummingbird
import ThriveCore

/// The Coach tab: the conversation with its composer and search. Plain forms with a redirect after
/// each message; coach.js sends them without leaving the page and listens to the event stream.
struct CoachPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        let service = services.coach
        router.get("coach") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            // The coach introduces itself first (the welcome's five screens), once.
            guard try await services.coachingStart.progress(owner).isComplete else {
                return .redirect(to: "/coach/start", type: .normal)
            }
            let query = request.uri.queryParameters
            var page = try await render(owner, request)
            if let reason = query.get("fallback").flatMap({ CoachProviderError.Reason(rawValue: String($0)) }) {
                page.notice = CoachService.notice(reason)
            }
            page.badges = AchievementText.awards(fromToken: query.get("badges").map { String($0) }).map {
                AchievementText.newBadge($0.0, $0.1)
            }
            var chrome = Chrome(title: t("coach.title"), context: context, tab: .coach)
            chrome.unreadCoach = 0
            return services.renderer.render("coach", chrome: chrome, content: page)
        }

        router.post("coach/messages") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            do {
                let sent = try await service.send(owner, try Self.draft(form))
                var address = "/coach?sent=\(sent.message.seq)"
                if !sent.awards.isEmpty { address += "&badges=\(AchievementText.token(sent.awards))" }
                if let reason = sent.fallback { address += "&fallback=\(reason.rawValue)" }
                return .redirect(to: address + "#latest", type: .normal)
            } catch let error as ValidationError {
                var page = try await render(owner, request)
                page.error = error.message
                page.draft = form["text"] ?? ""
                return services.renderer.render(
                    "coach", chrome: Chrome(title: t("coach.title"), context: context, tab: .coach), content: page,
                    status: .unprocessableContent)
            }
        }
    }

    /// The page as it stands: today's opening said, the conversation (or search results) read, and
    /// everything shown marked read.
    private func render(_ owner: UserID, _ request: Request) async throws -> CoachPage {
        let service = services.coach
        let query = request.uri.queryParameters
        try await service.open(owner)
        let before = try CoachAPIController.cursor(query.get("before").map { String($0) }, "before")
        let words = query.get("q").map { String($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        let profile = try await services.store.read { try await $0.records(of: owner).profile.get() }
        let zone = profile?.timeZone ?? .gmt
        let name = profile?.displayName?.split(separator: " ").first.map(String.init)
        let provider = try await service.providerName(owner)
        let space = try await services.creators.space(owner)
        var shown: CoachPage
        if let words {
            let found = try await service.search(owner, words, limit: 100)
            shown = CoachPage(page: nil, results: found, query: words, provider: provider, zone: zone, name: name)
        } else {
            let page = try await service.page(owner, before: before)
            if let last = page.messages.last?.seq { try await service.markRead(owner, through: last) }
            shown = CoachPage(page: page, results: nil, query: nil, provider: provider, zone: zone, name: name)
        }
        shown.coachName = space?.branding.name
        shown.avatarURL = space?.branding.avatar.map { _ in "/api/v1/creator/images/avatar" }
        shown.isCreator = space?.isOwn == true
        return shown
    }

    /// A form's message: words, a quick reply (its label and payload), an answer to a habit check,
    /// or an attached image's id.
    static func draft(_ form: FormFields) throws -> CoachMessageDraft {
        var draft = CoachMessageDraft(text: form["text"], payload: form.text("payload"))
        if let id = form.text("habitCheck"), let answer = form.text("answer") {
            guard let message = CoachMessageID(id), let value = HabitCheck.Answer(rawValue: answer) else {
                throw AppError.notFound(t("coach.error.noQuestion"))
            }
            draft.habitCheck = .init(messageId: message, answer: value)
        }
        if let id = form.text("attachmentId") {
            guard let attachment = CoachAttachmentID(id) else { throw AppError.notFound(t("coach.error.noImage")) }
            draft.attachmentId = attachment
        }
        return draft
    }
}

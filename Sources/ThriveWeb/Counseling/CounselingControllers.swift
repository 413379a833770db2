import Foundation
import Hummingbird
import ThriveCore

/// The counselor chat on the web: the person's `/counselor`, and the counselor's `/counseling`
/// (their people) and `/counseling/:person` (one conversation).
struct CounselingPagesController {
    let services: AppServices
    var counseling: CounselingService { services.counseling }
    static let path = "/counselor"
    static let casesPath = "/counseling"

    static func casePath(_ person: UserID) -> String { "\(casesPath)/\(person.rawValue.uuidString.lowercased())" }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("counselor") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let notice = request.uri.queryParameters["sent"].map { _ in t("counselor.sent") }
            return try await personPage(user, context, notice: notice)
        }
        router.post("counselor") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let text = try await MealPagesController.form(request).text("text") ?? ""
            do {
                _ = try await counseling.send(user, text: text)
                return .redirect(to: "\(Self.path)?sent=1#counselor-text", type: .normal)
            } catch let error as ValidationError {
                return try await personPage(user, context, error: error.message, draft: text, status: .unprocessableContent)
            } catch let error as AppError where error.status == .conflict {
                return try await personPage(user, context, error: error.message, draft: text, status: .conflict)
            }
        }
        router.get("counseling") { _, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let cases = try await counseling.cases(user)
            return services.renderer.render(
                "counseling", chrome: Chrome(title: t("counseling.title"), context: context, tab: .dashboard),
                content: CounselingCasesPage(cases, zone: try await zone(user)))
        }
        router.get("counseling/:person") { _, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            return try await casePage(user, try Self.person(context), context)
        }
        router.post("counseling/:person") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let person = try Self.person(context)
            let text = try await MealPagesController.form(request).text("text") ?? ""
            do {
                _ = try await counseling.reply(person, counselor: user, text: text)
                return .redirect(to: "\(Self.casePath(person))#counselor-text", type: .normal)
            } catch let error as ValidationError {
                return try await casePage(user, person, context, error: error.message, draft: text, status: .unprocessableContent)
            }
        }
    }

    private func personPage(
        _ user: UserID, _ context: AppRequestContext, notice: String? = nil, error: String? = nil, draft: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let conversation = try await counseling.conversation(user)
        return services.renderer.render(
            "counselor-chat", chrome: Chrome(title: t("counselor.title"), context: context, tab: .dashboard),
            content: CounselorChatPage.person(
                conversation, zone: try await zone(user), notice: notice, error: error, draft: draft),
            status: status)
    }

    private func casePage(
        _ user: UserID, _ person: UserID, _ context: AppRequestContext, error: String? = nil, draft: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (name, messages) = try await counseling.conversation(person, counselor: user)
        return services.renderer.render(
            "counselor-chat", chrome: Chrome(title: name, context: context, tab: .dashboard),
            content: CounselorChatPage.counselor(
                name: name, person: person, messages: messages, zone: try await zone(user), error: error, draft: draft),
            status: status)
    }

    private func zone(_ user: UserID) async throws -> TimeZone {
        try await services.store.read { try await $0.records(of: user).timeZone() }
    }

    static func person(_ context: AppRequestContext) throws -> UserID {
        guard let id = context.parameters.get("person").flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound(t("counseling.notYours"))
        }
        return UserID(id)
    }
}

/// The counselor chat in the API: `/api/v1/counselor/messages` for the person,
/// `/api/v1/counseling/people[/{person}/messages]` for their counselor.
struct CounselingAPIController {
    let services: AppServices
    var counseling: CounselingService { services.counseling }

    func addRoutes(to api: FeatureAPI) {
        let mine = api.healthData("counselor/messages")
        mine.get { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(CounselorConversationBody(try await counseling.conversation(user)))
        }
        mine.post { request, context -> Response in
            let user = try context.requireUser()
            let asked = try await StrictJSON.decode(
                CounselorMessageRequest.self, from: request, context: context, limit: 16 * 1024)
            return try jsonResponse(CounselorMessageBody(try await counseling.send(user, text: asked.text)), status: .created)
        }
        let people = api.root.group("counseling/people")
        people.get { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(
                CounselingPeopleResponse(people: try await counseling.cases(user).map(CounselingPersonBody.init)))
        }
        people.get(":person/messages") { _, context -> Response in
            let user = try context.requireUser()
            let (name, messages) = try await counseling.conversation(
                try CounselingPagesController.person(context), counselor: user)
            return try jsonResponse(CounselingConversationBody(name: name, messages: messages.map(CounselorMessageBody.init)))
        }
        people.post(":person/messages") { request, context -> Response in
            let user = try context.requireUser()
            let person = try CounselingPagesController.person(context)
            let asked = try await StrictJSON.decode(
                CounselorMessageRequest.self, from: request, context: context, limit: 16 * 1024)
            return try jsonResponse(
                CounselorMessageBody(try await counseling.reply(person, counselor: user, text: asked.text)), status: .created)
        }
    }
}

struct CounselorMessageRequest: Codable, Sendable {
    let text: String
}

struct CounselorMessageBody: Codable, Sendable {
    let id: String
    /// `person` or `counselor`.
    let author: String
    let counselorName: String?
    let text: String
    let createdAt: Date
    let readAt: Date?

    init(_ message: CounselorMessage) {
        id = message.id.rawValue.uuidString.lowercased()
        author = message.author.rawValue
        counselorName = message.counselorName
        text = message.text
        createdAt = message.createdAt
        readAt = message.readAt
    }
}

struct CounselorContactBody: Codable, Sendable {
    let name: String
    let email: String
}

struct CounselorConversationBody: Codable, Sendable {
    /// Null until the person's first message assigns one.
    let counselor: CounselorContactBody?
    /// Whether any counselor works on this server.
    let available: Bool
    let messages: [CounselorMessageBody]

    init(_ conversation: CounselingService.Conversation) {
        counselor = conversation.counselor.map { CounselorContactBody(name: $0.name, email: $0.email) }
        available = conversation.available
        messages = conversation.messages.map(CounselorMessageBody.init)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counselor, forKey: .counselor)
        try container.encode(available, forKey: .available)
        try container.encode(messages, forKey: .messages)
    }
}

struct CounselingPersonBody: Codable, Sendable {
    let personId: String
    let name: String
    let email: String
    let unread: Int
    let lastMessageAt: Date?
    let assignedAt: Date

    init(_ item: CounselingService.Case) {
        personId = item.person.rawValue.uuidString.lowercased()
        name = item.name
        email = item.email
        unread = item.unread
        lastMessageAt = item.lastMessageAt
        assignedAt = item.assignedAt
    }
}

struct CounselingPeopleResponse: Codable, Sendable {
    let people: [CounselingPersonBody]
}

struct CounselingConversationBody: Codable, Sendable {
    let name: String
    let messages: [CounselorMessageBody]
}

import Foundation
import HTTPTypes
import Hummingbird
import ThriveCore
import ThriveStore

/// `/api/v1/coach`: the conversation with the coach, a page at a time (`before`, `after` and
/// `limit`, or `q` to search), sending, read receipts, a Server-Sent-Events stream of new
/// messages, typing and status, and attached images.
struct CoachAPIController {
    let services: AppServices

    func addRoutes(to coach: RouterGroup<AppRequestContext>) {
        let service = services.coach
        coach.get("messages") { request, context -> Response in
            let owner = try context.requireUser()
            let query = request.uri.queryParameters
            let limit = try QueryLimit.parse(query.get("limit"), fallback: CoachService.pageSize, maximum: 100)
            let before = try Self.cursor(query.get("before"), "before")
            let unread = try await service.unread(owner)
            if let words = query.get("q").map({ String($0).trimmingCharacters(in: .whitespaces) }), !words.isEmpty {
                let found = try await service.search(owner, words, before: before, limit: limit)
                return try jsonResponse(
                    CoachPageBody(
                        messages: found.map(CoachMessageBody.init),
                        olderCursor: found.count == limit ? found.last.map { String($0.seq) } : nil, unread: unread))
            }
            let page = try await service.page(
                owner, before: before, after: try Self.cursor(query.get("after"), "after"), limit: limit)
            return try jsonResponse(
                CoachPageBody(
                    messages: page.messages.map(CoachMessageBody.init), olderCursor: page.olderCursor.map(String.init),
                    unread: unread))
        }
        coach.post("messages") { request, context -> Response in
            let owner = try context.requireUser()
            let draft = try await StrictJSON.decode(CoachMessageDraft.self, from: request, context: context, limit: 16 * 1024)
            return try jsonResponse(CoachSentBody(try await service.send(owner, draft)), status: .created)
        }
        coach.post("open") { _, context -> Response in
            let owner = try context.requireUser()
            let opened = try await service.open(owner)
            return try jsonResponse(opened.map(CoachMessageBody.init), status: opened.isEmpty ? .ok : .created)
        }
        coach.post("read") { request, context -> Response in
            let owner = try context.requireUser()
            let read = try await StrictJSON.decode(CoachReadRequest.self, from: request, context: context, limit: 1024)
            guard let through = try Self.cursor(read.through, "through") else { throw Self.badCursor("through") }
            try await service.markRead(owner, through: through)
            return try jsonResponse(["unread": try await service.unread(owner)])
        }
        coach.get("stream") { request, context -> Response in
            let owner = try context.requireUser()
            let after: String? = request.uri.queryParameters.get("after").map { String($0) }
            let resume = try Self.cursor(request.headers[.lastEventID] ?? after, "after")
            return try await CoachStream(service: service, timing: services.coachStream).response(owner, after: resume)
        }
        coach.post("attachments") { request, context -> Response in
            let owner = try context.requireUser()
            let bytes = try await request.body.collect(upTo: ImageMediaType.maximumBytes + 1)
            let attachment = try await service.attach(owner, Data(buffer: bytes))
            return try jsonResponse(
                CoachAttachmentBody(
                    id: attachment.id.description, url: "/api/v1/coach/attachments/\(attachment.id)",
                    mediaType: attachment.mediaType.rawValue), status: .created)
        }
        coach.get("attachments/:id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(CoachAttachmentID.init) else {
                throw AppError.notFound(t("coach.error.noImage"))
            }
            let attachment = try await service.attachment(owner, id)
            return Response(
                status: .ok,
                headers: [
                    .contentType: attachment.mediaType.rawValue, .cacheControl: "private, max-age=86400",
                    .contentDisposition: "inline",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: attachment.bytes)))
        }
    }

    /// A cursor is a message's place, a whole number; absent is nil.
    static func cursor(_ text: (some StringProtocol)?, _ name: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 0 else { throw badCursor(name) }
        return value
    }

    static func badCursor(_ name: String) -> AppError {
        AppError.badRequest(t("coach.error.cursor", ["name": name]), field: name)
    }
}

struct CoachAttachmentBody: Codable, Sendable {
    let id: String
    let url: String
    let mediaType: String
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}

import Foundation
import Hummingbird
import ServiceLifecycle
import ThriveCore
import ThriveStore

/// One chat page's Server-Sent-Events stream: `message` events (the message's JSON, its cursor as
/// the event id, so a reconnecting browser resumes where it was), `typing` and `status`. Messages
/// are read from the store, not passed along from memory, so what another server process stored
/// arrives too (on the next tick) and fetching marks them delivered as the page does. The stream
/// ends after its lifetime or when the server shuts down.
struct CoachStream {
    let service: CoachService
    let timing: CoachStreamTiming

    func response(_ owner: UserID, after resume: Int?) async throws -> Response {
        // Listen before reading where the conversation stands, so nothing said in between is lost.
        let events = await service.events.listen(owner, tick: timing.tick)
        let start: Int
        if let resume {
            start = resume
        } else {
            start = try await service.page(owner, limit: 1).messages.last?.seq ?? 0
        }
        let lifetime = timing.lifetime
        let body = ResponseBody { writer in
            let deadline = ContinuousClock.now.advanced(by: lifetime)
            var last = start
            func send(_ text: String) async throws { try await writer.write(ByteBuffer(string: text)) }
            func catchUp() async throws {
                for posted in try await service.page(owner, after: last, limit: 100).messages {
                    let json = String(decoding: try StrictJSON.makeEncoder().encode(CoachMessageBody(posted)), as: UTF8.self)
                    try await send("id: \(posted.seq)\nevent: message\ndata: \(json)\n\n")
                    last = posted.seq
                }
            }
            try await send("retry: 3000\n\n")
            try await catchUp()
            // A server shutting down ends the stream at once; the browser reconnects to the next one.
            for await event in events.cancelOnGracefulShutdown() {
                switch event {
                case .message, .tick:
                    try await catchUp()
                    try await send(": still here\n\n")
                case .typing(let typing):
                    try await send("event: typing\ndata: {\"typing\":\(typing)}\n\n")
                case .status(let through, let status):
                    try await send("event: status\ndata: {\"through\":\"\(through)\",\"status\":\"\(status.rawValue)\"}\n\n")
                }
                if ContinuousClock.now >= deadline { break }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }
}

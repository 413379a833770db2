import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A stand-in for Anthropic's Messages API on 127.0.0.1: it records what it was sent and answers
/// as told (a reply, an error status, a body that is not the API's, or nothing in time).
final class MessagesAPIStub: Sendable {
    enum Behaviour: Sendable {
        case reply(String)
        case status(Int)
        case garbage
        case slow(Duration)
    }

    struct Received: Sendable {
        let headers: HTTPFields
        let body: String
    }

    private let state = Mutex<(behaviour: Behaviour, received: [Received])>((.reply("Hello from the stub."), []))
    private let portBox = Mutex<Int?>(nil)

    var received: [Received] { state.withLock { $0.received } }
    var port: Int { portBox.withLock { $0 } ?? 0 }
    var url: String { "http://127.0.0.1:\(port)" }

    func answer(_ behaviour: Behaviour) { state.withLock { $0.behaviour = behaviour } }

    /// Runs the stub for the length of `body`.
    func run<R: Sendable>(_ body: @Sendable () async throws -> R) async throws -> R {
        let router = Router()
        router.post("v1/messages") { request, _ -> Response in
            var request = request
            let text = String(buffer: try await request.collectBody(upTo: 1 << 20))
            let behaviour = self.state.withLock { state -> Behaviour in
                state.received.append(Received(headers: request.headers, body: text))
                return state.behaviour
            }
            switch behaviour {
            case .reply(let words):
                let json = try JSONEncoder().encode(
                    Reply(id: "msg_stub", type: "message", role: "assistant", content: [.init(type: "text", text: words)]))
                return Response(
                    status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: json)))
            case .status(let code):
                let json = #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
                return Response(
                    status: HTTPResponse.Status(code: code), headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: json)))
            case .garbage:
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>not the API</html>")))
            case .slow(let delay):
                try await Task.sleep(for: delay)
                return Response(status: .ok)
            }
        }
        var logger = Logger(label: "stub")
        logger.logLevel = .critical
        let ready = AsyncStream<Void>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                self.portBox.withLock { $0 = channel.localAddress?.port }
                ready.continuation.finish()
            }, logger: logger)
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        for await _ in ready.stream {}
        defer { server.cancel() }
        return try await body()
    }

    private struct Reply: Encodable {
        struct Block: Encodable {
            let type: String
            let text: String
        }
        let id: String
        let type: String
        let role: String
        let content: [Block]
    }
}

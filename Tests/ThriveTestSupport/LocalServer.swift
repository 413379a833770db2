import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Runs a Hummingbird app on 127.0.0.1 for the length of `body`, which gets the port: a stub of an
/// outside service. Nothing connects to it but the code under test, and it is stopped when `body`
/// ends, whatever happened.
enum LocalServer {
    static func run<Responder: HTTPResponderBuilder, T: Sendable>(
        router: Responder, server: HTTPServerBuilder = .http1(), _ body: @Sendable (Int) async throws -> T
    ) async throws -> T
    where Responder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, found) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                found.yield(channel.localAddress?.port ?? 0)
                found.finish()
            }, logger: Logger(label: "thrive.test.stub"))
        let services = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: Logger(label: "thrive.test.stub")))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await services.run()
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            do {
                let result = try await body(port)
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                return result
            } catch {
                await services.triggerGracefulShutdown()
                try? await group.waitForAll()
                throw error
            }
        }
    }
}

/// One request to a stub, as its handler sees it: the body read whole, the query as a dictionary.
struct StubRequest: Sendable {
    let method: String
    let path: String
    let query: [String: String]
    let authorization: String?
    let body: String
}

/// A stub's answer: JSON unless it says otherwise.
struct StubAnswer: Sendable {
    var status = 200
    var headers: [(String, String)] = [("Content-Type", "application/json")]
    var body = ""
}

extension LocalServer {
    /// Runs a stub made once its port is known, answering every GET, POST and DELETE through `handle`.
    static func runStub<Stub: Sendable, T: Sendable>(
        make: @Sendable (Int) throws -> Stub, handle: @escaping @Sendable (Stub, StubRequest) async -> StubAnswer,
        _ body: @Sendable (Stub) async throws -> T
    ) async throws -> T {
        let box = StubBox<Stub>()
        let router = Router()
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            guard let stub = box.value else { return Response(status: .serviceUnavailable) }
            let bytes = try await request.body.collect(upTo: 1_048_576)
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            let answer = await handle(
                stub,
                StubRequest(
                    method: request.method.rawValue, path: request.uri.path, query: query,
                    authorization: request.headers[.authorization], body: String(buffer: bytes)))
            var headers = HTTPFields()
            for (name, value) in answer.headers { headers[HTTPField.Name(name)!] = value }
            return Response(
                status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.body)))
        }
        router.get("**", use: handler)
        router.post("**", use: handler)
        router.delete("**", use: handler)
        return try await run(router: router) { port in
            let stub = try make(port)
            box.value = stub
            return try await body(stub)
        }
    }
}

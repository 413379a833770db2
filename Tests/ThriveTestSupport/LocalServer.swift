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

import Foundation
import Synchronization
import ThriveCore
import ThriveSync
import ThriveSyncClient

/// The real HTTP transport with faults thrown in from a seeded schedule: an answer lost after the
/// server committed (a connection dropped on the way back), the server killed with SIGKILL while a
/// batch is in flight (and started again), and an earlier batch sent again out of order first.
final class FaultyTransport: SyncTransport {
    enum Fault: Hashable, CaseIterable {
        case loseAnswer, killServer, replayEarlierBatch
    }

    struct Injected: Error {
        let fault: Fault
    }

    private let inner: HTTPSyncTransport
    private let server: ServerProcess
    private let state: Mutex<State>

    private struct State {
        var random: SeededRandom
        var enabled = true
        var sent: [SyncRequest] = []
        var injected: [Fault: Int] = [:]
    }

    init(server: ServerProcess, token: String, seed: UInt64) {
        inner = HTTPSyncTransport(server: server.url, token: token, timeout: 30)
        self.server = server
        state = Mutex(State(random: SeededRandom(seed: seed)))
    }

    /// Faults on or off (off for the final rounds that let everything settle).
    func inject(_ enabled: Bool) { state.withLock { $0.enabled = enabled } }

    var injected: [Fault: Int] { state.withLock { $0.injected } }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        let (fault, replay, delay) = state.withLock { state -> (Fault?, SyncRequest?, Int) in
            if !request.changes.isEmpty { state.sent.append(request) }
            guard state.enabled else { return (nil, nil, 0) }
            let roll = Int.random(in: 0..<100, using: &state.random)
            let delay = Int.random(in: 0..<60, using: &state.random)
            let fault: Fault? =
                switch roll {
                case 0..<15: .loseAnswer
                case 15..<22: .killServer
                case 22..<37 where state.sent.count > 1: .replayEarlierBatch
                default: nil
                }
            if let fault { state.injected[fault, default: 0] += 1 }
            let replay = fault == .replayEarlierBatch ? state.sent.randomElement(using: &state.random) : nil
            return (fault, replay, delay)
        }
        switch fault {
        case .loseAnswer:
            _ = try await inner.send(request)
            throw Injected(fault: .loseAnswer)
        case .killServer:
            // The batch is sent and the server killed a moment later: sometimes before its
            // transaction commits, sometimes after, sometimes before the request even arrives.
            async let answer = inner.send(request)
            try await Task.sleep(for: .milliseconds(delay))
            server.kill()
            _ = try? await answer
            try await server.start()
            throw Injected(fault: .killServer)
        case .replayEarlierBatch:
            if let replay { _ = try? await inner.send(replay) }
            return try await inner.send(request)
        case nil:
            return try await inner.send(request)
        }
    }
}

import Foundation
import ThriveCore
import ThriveStore

/// Something that happened in a conversation, for the person's open chat pages.
enum CoachEvent: Sendable {
    case message(PostedCoachMessage)
    case typing(Bool)
    /// The person's messages up to `through` reached `status`.
    case status(through: Int, CoachMessage.Status)
    /// Time passed with nothing to say: the stream checks the store and keeps the line open.
    case tick
}

/// Hands each conversation's events to the chat pages listening in this process. Another server
/// process's events reach a page through the store, which a stream reads again on every tick.
actor CoachEvents {
    private var listeners: [UserID: [UUID: AsyncStream<CoachEvent>.Continuation]] = [:]

    func listen(_ owner: UserID, tick: Duration) -> AsyncStream<CoachEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: CoachEvent.self, bufferingPolicy: .bufferingNewest(64))
        let key = UUID()
        listeners[owner, default: [:]][key] = continuation
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: tick)
                continuation.yield(.tick)
            }
        }
        continuation.onTermination = { _ in
            ticker.cancel()
            Task { await self.stopListening(owner, key) }
        }
        return stream
    }

    func publish(_ owner: UserID, _ events: [CoachEvent]) {
        for continuation in (listeners[owner] ?? [:]).values {
            for event in events { continuation.yield(event) }
        }
    }

    var listenerCount: Int { listeners.values.map(\.count).reduce(0, +) }

    private func stopListening(_ owner: UserID, _ key: UUID) {
        listeners[owner]?[key] = nil
        if listeners[owner]?.isEmpty == true { listeners[owner] = nil }
    }
}

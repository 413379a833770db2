import Foundation
import ThriveCore
import ThriveStore

extension NotificationRepository {
    /// What the rules need to know before a notification with `key` is sent: how many already
    /// count against the day's cap since `dayStart`, and whether this key was sent already.
    func history(for key: String, dayStart: Date) async throws -> NotificationHistory {
        NotificationHistory(
            pushedToday: try await countedAgainstCap(since: dayStart), openKeys: try await contains(key: key) ? [key] : [])
    }
}

import Foundation
import ThriveCore

/// The dashboard's lab card, for people with results or kits: the latest result in a line, kits on
/// their way, and the way to everything (one tap to `/results`).
struct HomeLabs: Sendable {
    let latest: LabResultView?
    let waiting: String?

    init?(latest: LabResult?, kits: [TestKit], thresholds: AATThresholds, zone: TimeZone) {
        let onTheirWay = kits.filter { $0.status < .resultsReady }.count
        guard latest != nil || onTheirWay > 0 else { return nil }
        self.latest = latest.map { LabResultView($0, thresholds: thresholds, zone: zone) }
        waiting = onTheirWay > 0 ? t(Phrase("labs.home.waiting", ["count": .integer(onTheirWay)])) : nil
    }
}

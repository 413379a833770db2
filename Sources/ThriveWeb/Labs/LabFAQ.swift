import Foundation
import Hummingbird
import ThriveCore

/// Spec 001's FAQ (`/results/faq`): what people ask about kits, results, privacy and help, answered
/// with this server's own numbers (the normal range and thresholds the operator set).
struct LabFAQPage: Sendable {
    struct Entry: Sendable {
        let id: String
        let question: String
        let answer: String
    }

    static let topics = ["register", "wait", "level", "genotype", "privacy", "share", "offline", "counselor", "delete"]

    let entries: [Entry]

    init(thresholds: AATThresholds) {
        let (low, high) = (Self.number(thresholds.normalLow), Self.number(thresholds.normalHigh))
        let protective = Self.number(thresholds.protective)
        entries = Self.topics.map {
            Entry(
                id: "faq-\($0)", question: t("faq.\($0).question"),
                answer: t(
                    "faq.\($0).answer",
                    ["days": "\(TestKit.sendWithinDays)", "low": low, "high": high, "protective": protective]))
        }
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value))" : String(format: "%.1f", value)
    }
}

struct LabFAQController {
    let services: AppServices
    static let path = "/results/faq"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("results/faq") { _, context -> Response in
            guard context.identity?.userID != nil else { return context.toLogin }
            return services.renderer.render(
                "lab-faq", chrome: Chrome(title: t("faq.title"), context: context, tab: .dashboard),
                content: LabFAQPage(thresholds: services.labs.thresholds))
        }
    }
}

import Hummingbird
import ThriveStore

/// One feature's routes: its JSON API under `/api/v1` and its pages. Each feature folder has one,
/// and ``buildRouter(_:dependencies:)`` lists them, so adding a feature is one line there.
protocol Feature: Sendable {
    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) throws
}

/// Where a feature adds its API routes: under `/api/v1`, behind the bearer token check.
struct FeatureAPI {
    let root: RouterGroup<AppRequestContext>
    let store: Store

    /// The group under `path` for routes that take health data: a write is refused until the person
    /// has accepted the terms (reads are not).
    func healthData(_ path: String) -> RouterGroup<AppRequestContext> {
        root.group(RouterPath(path)).add(middleware: OnboardingGate(store: store, scope: .apiWrites))
    }
}

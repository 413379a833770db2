import Foundation
import ThriveCore
import ThriveStore

extension OnboardingProgress: PersonDocument {
    public static let documentKind = "onboarding"
}

/// The terms a person accepts before Thrive collects health data. A new version is asked again.
enum ConsentTerms {
    static let version = "2026-11"
}

/// Reads a person's onboarding progress with their profile; the gate and the steps both use it.
struct OnboardingState: Sendable {
    let progress: OnboardingProgress
    let profile: Profile

    var next: OnboardingStep? { progress.next(profile: profile) }

    static func load(_ owner: UserID, store: Store) async throws -> OnboardingState {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            return OnboardingState(
                progress: try await records.documents.get(OnboardingProgress.self) ?? OnboardingProgress(),
                profile: try await records.profile.get() ?? Profile())
        }
    }
}

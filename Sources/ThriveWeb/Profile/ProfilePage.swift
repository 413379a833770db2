import Foundation
import ThriveCore

/// The profile page's content.
struct ProfilePage: Sendable {
    let name: String
    let email: String
    let units: String
    let timeZone: String
    let memberSince: String
    /// How long a device stays signed in without use ("30 days").
    let sessionLength: String
    let notice: String? = nil
    /// A lab account sees the way to its portal.
    var isLab = false
    var isPartner = false
    var isCounselor = false

    init(account: Account, profile: Profile, idleMinutes: Int) {
        name = profile.displayName ?? t("settings.notSet")
        email = account.email.value
        units = t(profile.unitSystem == .metric ? "units.metric" : "units.imperial")
        timeZone = profile.timeZoneIdentifier
        memberSince = DisplayFormat.date(account.createdAt, in: profile.timeZone)
        sessionLength = DisplayFormat.length(minutes: idleMinutes)
    }
}

import Foundation
import ThriveCore

/// A creator's branding as the API shows it.
struct CreatorBrandingBody: Codable, Sendable {
    let creatorId: String
    let name: String
    let primary: BrandColor
    let accent: BrandColor
    let font: CreatorBranding.Font
    let welcomeMessage: String
    let voice: CreatorBranding.Voice
    let badges: [CreatorBranding.Badge]
    let featuredPrograms: [String]
    let featuredContent: [String]
    let logoUrl: String?
    let avatarUrl: String?
    /// Whether the person asking is this creator (and may change it).
    let isOwn: Bool
    /// The address a creator gives people to join; only to the creator.
    let inviteUrl: String?
    /// Colours darkened to reach 4.5:1, in an answer to a change.
    var adjusted: [String]?

    init(_ space: CreatorService.Space, adjusted: [String]? = nil) {
        let branding = space.branding
        creatorId = space.creator.description
        name = branding.name
        primary = branding.primary
        accent = branding.accent
        font = branding.font
        welcomeMessage = branding.welcomeMessage
        voice = branding.voice
        badges = branding.badges
        featuredPrograms = branding.featuredPrograms
        featuredContent = branding.featuredContent
        logoUrl = branding.logo.map { _ in "/api/v1/creator/images/logo" }
        avatarUrl = branding.avatar.map { _ in "/api/v1/creator/images/avatar" }
        isOwn = space.isOwn
        inviteUrl = space.isOwn ? CreatorPagesController.inviteAddress(space.creator) : nil
        self.adjusted = adjusted
    }
}

struct CreatorJoinRequest: Codable, Sendable {
    let creatorId: UserID
}

struct CreatorSharingRequest: Codable, Sendable {
    let sharesEntries: Bool
}

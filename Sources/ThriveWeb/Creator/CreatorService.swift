import Foundation
import ThriveCore
import ThriveStore

extension CreatorBranding: PersonDocument {
    public static let documentKind = "creatorBranding"

    public init() { self.init(name: "") }
}

/// A creator's space: their branding, who is in it, and how those people do in totals. A person
/// joins by the creator's invitation (its address carries the creator's ID) and may leave at any
/// time; a creator sees a person's own figures only while that person shares them.
struct CreatorService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    /// The branding a person's pages wear: their own as a creator, else their creator's.
    struct Space: Sendable {
        let creator: UserID
        let branding: CreatorBranding
        let isOwn: Bool
    }

    /// What a creator may change through `PUT /api/v1/creator/branding`; images have their own address.
    struct Draft: Codable, Sendable {
        var name: String
        var primary: BrandColor
        var accent: BrandColor
        var font: CreatorBranding.Font
        var welcomeMessage: String
        var voice: CreatorBranding.Voice
        var badges: [CreatorBranding.Badge]
        /// Darken a colour that falls short of 4.5:1 instead of refusing it.
        var adjustColors: Bool?
        /// Programs and library pieces to put first for the creator's people (unchanged when absent).
        var featuredPrograms: [String]?
        var featuredContent: [String]?
    }

    enum ImageSlot: String, Sendable, CaseIterable {
        case logo, avatar
    }

    /// Totals over the creator's people who share their figures, and each sharer's own; also the
    /// answer of `GET /api/v1/creator/members/summary`. Totals over fewer than
    /// ``minimumGroup`` people would be one person's data by another name: they are left out.
    struct Summary: Codable, Sendable {
        struct Shared: Codable, Sendable {
            let name: String
            let weekCompletion: Double?
            let longestStreak: Int
        }

        struct Totals: Codable, Sendable {
            /// Sharers with a habit done today (in their own day).
            let activeToday: Int
            let averageWeekCompletion: Double?
            let programsRunning: Int
        }

        let members: Int
        let sharing: Int
        /// Absent while fewer than `minimumGroup` people share.
        let totals: Totals?
        let minimumGroup: Int
        let shared: [Shared]
    }

    /// The fewest sharers totals are given over.
    static let minimumGroup = 5

    func isCreator(_ owner: UserID) async throws -> Bool {
        try await store.read { try await $0.creators.roles(of: owner) }.contains(.creator)
    }

    func space(_ viewer: UserID) async throws -> Space? {
        try await store.read { try await Self.space(viewer, $0) }
    }

    /// The viewer's space, read in the caller's session.
    static func space(_ viewer: UserID, _ repositories: Repositories) async throws -> Space? {
        let creator: UserID
        if try await repositories.creators.roles(of: viewer).contains(.creator) {
            creator = viewer
        } else if let membership = try await repositories.creators.membership(of: viewer),
            try await repositories.creators.roles(of: membership.creator).contains(.creator)
        {
            creator = membership.creator
        } else {
            return nil
        }
        let stored = try await repositories.records(of: creator).documents.get(CreatorBranding.self)
        let branding: CreatorBranding
        if let stored { branding = stored } else { branding = try await starter(creator, repositories) }
        return Space(creator: creator, branding: branding, isOwn: creator == viewer)
    }

    /// A creator who has not branded yet: Thrive's colours under their own name.
    private static func starter(_ creator: UserID, _ repositories: Repositories) async throws -> CreatorBranding {
        let name = try await repositories.records(of: creator).profile.get()?.displayName ?? t("coach.title")
        return CreatorBranding(name: name)
    }

    func update(_ owner: UserID, _ draft: Draft) async throws -> (branding: CreatorBranding, adjusted: [String]) {
        guard let space = try await space(owner), space.isOwn else { throw Self.notCreator }
        var branding = space.branding
        branding.name = draft.name
        branding.primary = draft.primary
        branding.accent = draft.accent
        branding.font = draft.font
        branding.welcomeMessage = draft.welcomeMessage
        branding.voice = draft.voice
        branding.badges = draft.badges
        if let programs = draft.featuredPrograms {
            let library = try await store.read { try await ProgramLibrary.open(to: owner, $0) }
            guard programs.allSatisfy({ ProgramID($0).flatMap(library.program) != nil }) else {
                throw ValidationError.because("featuredPrograms", "creatorUnknownPiece")
            }
            branding.featuredPrograms = programs
        }
        if let pieces = draft.featuredContent {
            let library = try await store.read { try await ContentLibrary.open(to: owner, $0) }
            guard pieces.allSatisfy({ ContentID($0).flatMap(library.entry) != nil }) else {
                throw ValidationError.because("featuredContent", "creatorUnknownPiece")
            }
            branding.featuredContent = pieces
        }
        let checked = try branding.validated(adjusting: draft.adjustColors ?? false)
        let time = now()
        try await store.write { try await $0.records(of: owner).documents.save(checked.branding, at: time) }
        return checked
    }

    func setImage(_ owner: UserID, _ slot: ImageSlot, _ bytes: Data, coach: CoachService) async throws -> CreatorBranding {
        guard let space = try await space(owner), space.isOwn else { throw Self.notCreator }
        let image = try await coach.attach(owner, bytes)
        var branding = space.branding
        if slot == .logo { branding.logo = image.id } else { branding.avatar = image.id }
        let time = now()
        let saved = branding
        try await store.write { try await $0.records(of: owner).documents.save(saved, at: time) }
        return saved
    }

    func image(_ viewer: UserID, _ slot: ImageSlot) async throws -> CoachAttachment {
        guard let space = try await space(viewer), let id = slot == .logo ? space.branding.logo : space.branding.avatar,
            let image = try await store.read({ try await $0.records(of: space.creator).coach.attachment(id) })
        else { throw AppError.notFound(t("creator.error.noImage")) }
        return image
    }

    /// Joins the creator whose invitation this is; the person's coaching tone becomes the creator's
    /// (they can change it again).
    func join(_ owner: UserID, creator: UserID) async throws -> Space {
        let time = now()
        try await store.write { repositories in
            guard creator != owner, try await repositories.creators.roles(of: creator).contains(.creator) else {
                throw AppError.notFound(t("creator.error.noInvitation"))
            }
            try await repositories.creators.save(
                CreatorMembership(member: owner, creator: creator, sharesEntries: false, joinedAt: time))
            let branding = try await repositories.records(of: creator).documents.get(CreatorBranding.self)
            let documents = repositories.records(of: owner).documents
            var settings = try await documents.get(Settings.self) ?? Settings()
            settings.coaching.tone = branding?.voice.tone ?? settings.coaching.tone
            try await documents.save(settings, at: time)
        }
        guard let space = try await space(owner) else { throw AppError.notFound(t("creator.error.noInvitation")) }
        return space
    }

    func membership(_ owner: UserID) async throws -> CreatorMembership? {
        try await store.read { try await $0.creators.membership(of: owner) }
    }

    func leave(_ owner: UserID) async throws {
        try await store.write { try await $0.creators.leave(owner) }
    }

    func share(_ owner: UserID, _ on: Bool) async throws {
        try await store.write { repositories in
            guard var membership = try await repositories.creators.membership(of: owner) else {
                throw AppError(status: .conflict, code: "no_creator", message: t("creator.error.noCreator"))
            }
            membership.sharesEntries = on
            try await repositories.creators.save(membership)
        }
    }

    /// Totals over the creator's people; a person's own figures only when they share them.
    func summary(_ creator: UserID, habits: HabitService) async throws -> Summary {
        guard try await isCreator(creator) else { throw Self.notCreator }
        let members = try await store.read { try await $0.creators.members(of: creator) }
        // Only the people who share count: the others' figures are theirs alone.
        let sharers = members.filter(\.sharesEntries)
        var rates: [Double] = []
        var activeToday = 0
        var programs = 0
        var shared: [Summary.Shared] = []
        for membership in sharers {
            let progress = try await habits.progress(membership.member)
            if let rate = progress.week.rate { rates.append(rate) }
            if progress.day.achieved > 0 { activeToday += 1 }
            let (name, running) = try await store.read { repositories in
                let records = repositories.records(of: membership.member)
                return (
                    try await records.profile.get()?.displayName,
                    (try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments()).activeOnes.count
                )
            }
            programs += running
            shared.append(
                Summary.Shared(
                    name: name ?? t("creator.someone"), weekCompletion: progress.week.rate,
                    longestStreak: progress.rows.map(\.current).max() ?? 0))
        }
        let totals =
            sharers.count >= Self.minimumGroup
            ? Summary.Totals(
                activeToday: activeToday,
                averageWeekCompletion: rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count),
                programsRunning: programs) : nil
        return Summary(
            members: members.count, sharing: sharers.count, totals: totals, minimumGroup: Self.minimumGroup, shared: shared)
    }

    static var notCreator: AppError {
        AppError(status: .forbidden, code: "forbidden", message: t("creator.error.notCreator"))
    }
}

import Foundation
import ThriveCore
import ThriveStore

extension ContentShelf: PersonDocument {
    public static let documentKind = "contentShelf"
}

/// The library for one person: pieces with their place in each (bookmarked, last opened, how far
/// through), search, opening a piece (which counts as viewing it), bookmarks and progress. Someone
/// in a creator's space also finds the creator's own pieces (``ContentLibrary/open(to:_:)``).
struct ContentService: Sendable {
    let store: Store
    let now: Now

    /// A piece with the person's place in it.
    struct Listing: Sendable {
        let entry: ContentEntry
        let item: ContentShelf.Item
    }

    /// The library's front: everything (or what matches `query`, or one kind), and the shelves.
    struct Overview: Sendable {
        let listings: [Listing]
        let shelf: ContentShelf
        let library: ContentLibrary

        func listings(_ ids: [ContentID]) -> [Listing] {
            ids.compactMap { id in library.entry(id).map { Listing(entry: $0, item: shelf.item(id)) } }
        }
    }

    func overview(_ owner: UserID, query: String? = nil, kind: ContentEntry.Kind? = nil, topic: ContentTopic? = nil)
        async throws -> Overview
    {
        let (library, shelf) = try await store.read { repositories in
            (
                try await ContentLibrary.open(to: owner, repositories),
                try await repositories.records(of: owner).documents.get(ContentShelf.self) ?? ContentShelf()
            )
        }
        var entries = query.map(library.search.search) ?? library.entries
        if let kind { entries = entries.filter { $0.kind == kind } }
        if let topic { entries = entries.filter { $0.topic == topic } }
        return Overview(listings: entries.map { Listing(entry: $0, item: shelf.item($0.id)) }, shelf: shelf, library: library)
    }

    /// Opens a piece: it goes to the top of recently viewed.
    func open(_ owner: UserID, _ id: ContentID) async throws -> Listing {
        let entry = try await piece(id, for: owner)
        let shelf = try await change(owner) { $0.view(id, at: now()) }
        return Listing(entry: entry, item: shelf.item(id))
    }

    func listing(_ owner: UserID, _ id: ContentID) async throws -> Listing {
        let entry = try await piece(id, for: owner)
        return Listing(entry: entry, item: try await shelf(owner).item(id))
    }

    func bookmark(_ owner: UserID, _ id: ContentID, _ on: Bool) async throws -> Listing {
        let entry = try await piece(id, for: owner)
        let shelf = try await change(owner) { $0.bookmark(id, on) }
        return Listing(entry: entry, item: shelf.item(id))
    }

    func reach(_ owner: UserID, _ id: ContentID, percent: Int) async throws -> Listing {
        let entry = try await piece(id, for: owner)
        let time = now()
        let shelf = try await change(owner) { shelf in
            try shelf.reach(id, percent: percent)
            shelf.view(id, at: time)
        }
        return Listing(entry: entry, item: shelf.item(id))
    }

    static var missing: AppError { AppError.notFound(t("library.notFound")) }

    private func piece(_ id: ContentID, for owner: UserID) async throws -> ContentEntry {
        let library = try await store.read { try await ContentLibrary.open(to: owner, $0) }
        guard let entry = library.entry(id) else { throw Self.missing }
        return entry
    }

    private func shelf(_ owner: UserID) async throws -> ContentShelf {
        try await store.read { try await $0.records(of: owner).documents.get(ContentShelf.self) } ?? ContentShelf()
    }

    private func change(_ owner: UserID, _ body: @escaping @Sendable (inout ContentShelf) throws -> Void) async throws
        -> ContentShelf
    {
        let time = now()
        return try await store.write { repositories in
            let documents = repositories.records(of: owner).documents
            var shelf = try await documents.get(ContentShelf.self) ?? ContentShelf()
            try body(&shelf)
            try await documents.save(shelf, at: time)
            return shelf
        }
    }
}

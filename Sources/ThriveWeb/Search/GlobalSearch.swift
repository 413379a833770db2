import Foundation
import ThriveCore
import ThriveStore

/// Search from every screen: the app's own pages and settings, the food catalog, the person's own
/// entries (meals by name, check-ins by note, the journal) and today's insights.
struct GlobalSearch: Sendable {
    struct Link: Sendable {
        let title: String
        let detail: String
        let href: String
    }

    struct Results: Sendable {
        let query: String
        let destinations: [Link]
        let foods: [Link]
        let entries: [Link]
        let insights: [String]
        let hasDestinations: Bool
        let hasFoods: Bool
        let hasEntries: Bool
        let hasInsights: Bool
        let isEmpty: Bool
    }

    let store: Store

    /// Every screen a person can search for by name, with where it lives, in the reader's language
    /// (made per search: a list made once would keep the language of whoever searched first).
    static var destinations: [Link] {
        var links = [
            Link(title: t("nav.dashboard"), detail: t("search.dashboard"), href: "/"),
            Link(title: t("nav.pillars"), detail: t("search.pillars"), href: "/pillars"),
            Link(title: t("nav.insights"), detail: t("search.insights"), href: "/insights"),
            Link(title: t("nav.profile"), detail: t("search.profile"), href: "/profile"),
            Link(title: t("yourData.title"), detail: t("search.yourData"), href: "/profile/data"),
            Link(title: t("settings.title"), detail: t("search.settings"), href: "/profile/settings"),
        ]
        for pillar in Pillar.allCases {
            links.append(Link(title: pillar.title, detail: pillar.summary, href: pillar.path))
            for section in pillar.sections {
                if let href = section.href {
                    links.append(Link(title: section.name, detail: "\(pillar.title) › \(section.description)", href: href))
                }
            }
        }
        for category in SettingsCategory.all {
            links.append(
                Link(
                    title: category.title, detail: t("search.settingsDetail", ["detail": category.keywords]),
                    href: "/profile/settings#\(category.id)"))
            for item in category.items {
                links.append(
                    Link(
                        title: item.label, detail: t("search.settingsDetail", ["detail": category.title]),
                        href: "/profile/settings#\(category.id)"))
            }
        }
        return links
    }

    func search(_ text: String, owner: UserID, zone: TimeZone) async throws -> Results {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = query.lowercased().split(separator: " ").map(String.init)
        let destinations = Self.destinations.filter { link in
            let haystack = (link.title + " " + link.detail).lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
        let catalogQuery = try? FoodSearchQuery(query)
        let (foods, meals, checkIns, journal, cache) = try await store.read { repositories in
            let records = repositories.records(of: owner)
            var foods: [Food] = []
            if let catalogQuery { foods = try await repositories.foods.search(catalogQuery, limit: 5) }
            return (
                foods,
                try await records.foodLog.search(name: query, limit: 8),
                try await records.moodCheckIns.search(note: query, limit: 5),
                try await records.journal.search(text: query, limit: 5),
                try await records.documents.get(InsightCache.self)
            )
        }
        let entries =
            meals.map { meal in
                let day = LocalDate(meal.consumedAt, in: zone)
                return Link(
                    title: meal.name,
                    detail:
                        "\(meal.meal.heading), \(DisplayFormat.date(meal.consumedAt, in: zone)) · \(DisplayFormat.kilocalories(meal.energyKilocalories))",
                    href: "/pillars/nutrition/meals?date=\(day)")
            }
            + checkIns.map { checkIn in
                Link(
                    title: checkIn.note ?? t("search.checkIn"),
                    detail: t("search.checkInDetail", ["date": DisplayFormat.date(checkIn.recordedAt, in: zone)]),
                    href: "/pillars/wellbeing/mood?date=\(LocalDate(checkIn.recordedAt, in: zone))")
            }
            + journal.map { entry in
                Link(
                    title: String((entry.text.split(separator: "\n").first ?? "").prefix(120)),
                    detail: t("search.journalDetail", ["date": DisplayFormat.date(entry.writtenAt, in: zone)]),
                    href: "/pillars/wellbeing/journal?date=\(LocalDate(entry.writtenAt, in: zone))")
            }
        let sentences: [String] = (cache?.insights ?? []).map { t($0.sentence) }
        let insights = sentences.filter { sentence in words.allSatisfy { sentence.lowercased().contains($0) } }
        let foodLinks = foods.map {
            Link(title: $0.description, detail: FoodListItem($0).energy, href: "/pillars/nutrition/foods/\($0.ndbNumber)")
        }
        let shown = Array(destinations.prefix(8))
        return Results(
            query: query, destinations: shown, foods: foodLinks, entries: entries, insights: insights,
            hasDestinations: !shown.isEmpty, hasFoods: !foodLinks.isEmpty, hasEntries: !entries.isEmpty,
            hasInsights: !insights.isEmpty,
            isEmpty: shown.isEmpty && foodLinks.isEmpty && entries.isEmpty && insights.isEmpty)
    }
}

/// The search page: the form, and the results when there is a query of two letters or more.
struct SearchPage: Sendable {
    let query: String
    let results: GlobalSearch.Results?
    let tooShort: Bool
}

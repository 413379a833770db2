/// Whether a habit a program would add is one the person already keeps: "Daily walk 20 min" and
/// "Walk 10 min" are both walking. Two names are alike when they share a word that says what is
/// done (not "daily", "every", a number or a unit), compared by its stem ("walking" is "walk").
public enum SimilarHabit {
    /// Words that say how often or how much, never what.
    static let ignored: Set<String> = [
        "a", "an", "the", "of", "for", "and", "or", "to", "in", "on", "at", "my", "your", "with", "every", "each", "daily",
        "day", "days", "week", "weekly", "morning", "evening", "night", "min", "mins", "minute", "minutes", "hour",
        "hours", "times", "time", "x", "glass", "glasses", "cup", "cups", "ml", "l", "km", "steps", "step", "more", "less",
        "no", "one", "two", "three", "five", "ten", "short", "long", "small", "quick", "easy",
    ]

    /// The first of `habits` (active ones) alike to `name`, if any.
    public static func match(_ name: String, among habits: [Habit]) -> Habit? {
        let wanted = words(name)
        guard !wanted.isEmpty else { return nil }
        return habits.first { $0.status == .active && !words($0.name).isDisjoint(with: wanted) }
    }

    /// The stems of the words that say what is done.
    static func words(_ name: String) -> Set<String> {
        Set(
            name.lowercased().split { !$0.isLetter }.map(String.init)
                .filter { $0.count >= 3 && !ignored.contains($0) }
                .map(stem))
    }

    /// "walking", "walks", "walked" → "walk"; short words stay as they are.
    static func stem(_ word: String) -> String {
        for suffix in ["ing", "ed", "es", "s"] where word.hasSuffix(suffix) && word.count - suffix.count >= 3 {
            return String(word.dropLast(suffix.count))
        }
        return word
    }
}

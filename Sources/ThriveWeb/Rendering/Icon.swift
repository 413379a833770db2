/// Thrive's own interface icons (`assets/icons.svg`): drawn lines in the text's colour, so they
/// show on a machine without an emoji font, and follow the theme and high contrast. Decorative:
/// the words beside an icon say what it means, so screen readers skip it.
enum Icon: String, Sendable {
    case flame, trophy, medal, cap, party, sprout, book, clip, mic
    case chartUp = "chart-up"
    case headphones, video, clipboard
    case chat, sunrise, drop, bell, target, bolt, moon, leaf, run, steps, breathe, check

    /// The markup a template inserts as it is (`{{{…}}}`).
    var svg: String {
        #"<svg class="icon" aria-hidden="true" focusable="false"><use href="/assets/icons.svg#\#(rawValue)"></use></svg>"#
    }
}

/// The classes Jetway's markup carries for its stylesheet (Assets/jetway.css), and the CSS
/// custom properties it sets: written here once, so no other Swift file spells a `jw-` name
/// (`StyleNamesTests` checks that, and that the stylesheet styles no class Jetway does not
/// write). The classes the runtime also reads are `RuntimeContract.Class`.
public enum StyleClass {
    /// An alert's `<dialog>` (with `RuntimeContract.Class.sheet`): a small centred card.
    public static let alert = "jw-alert"
    /// An alert's row of buttons.
    public static let alertActions = "jw-alert-actions"
    /// An alert's message.
    public static let alertMessage = "jw-alert-message"
    /// An alert's title (an `<h2>`).
    public static let alertTitle = "jw-alert-title"
    /// Bold text (`.bold()`, `Text.bold()`).
    public static let bold = "jw-bold"
    /// `.buttonStyle(.bordered)`: a button on a tint of the accent colour (also a toggle drawn as a button).
    public static let bordered = "jw-bordered"
    /// `.buttonStyle(.borderless)`: a button with no padding, its label in the accent colour.
    public static let borderless = "jw-borderless"
    /// A box wrapped around a view so that a padding, background, border or gesture does not clash with its own.
    public static let box = "jw-box"
    /// A button (`<button>`, or a label that works as one): in the accent colour, with rounded corners.
    public static let button = "jw-button"
    /// A button whose role is `.cancel`: semibold.
    public static let cancel = "jw-cancel"
    /// `.toggleStyle(.checkbox)`: the toggle's box as a checkbox, not a switch.
    public static let checkbox = "jw-checkbox"
    /// `.clipped()`: content outside the view's bounds is hidden.
    public static let clipped = "jw-clipped"
    /// A `Color` used as a view: a box filled with it, filling what it is offered.
    public static let color = "jw-color"
    /// A confirmation dialog's `<dialog>`: its buttons stacked, its title small and centred.
    public static let confirmation = "jw-confirmation"
    /// A `DatePicker`'s `<input>` (`date`, `time` or `datetime-local`).
    public static let dateInput = "jw-date-input"
    /// A `DatePicker`: its label and its input on one row.
    public static let datepicker = "jw-datepicker"
    /// A button whose role is `.destructive`: red (a swipe action's background is red).
    public static let destructive = "jw-destructive"
    /// A `DisclosureGroup`: a `<details>` element.
    public static let disclosure = "jw-disclosure"
    /// A `DisclosureGroup`'s content, indented under its label.
    public static let disclosureContent = "jw-disclosure-content"
    /// A `DisclosureGroup`'s label (the `<summary>`).
    public static let disclosureLabel = "jw-disclosure-label"
    /// A `Divider`: an `<hr>`, a line across a vertical stack or down a horizontal one.
    public static let divider = "jw-divider"
    /// `.frame(maxWidth: 80)`: fills up to a finite maximum, placed as its stack aligns it.
    public static let fillCapped = "jw-fill-capped"
    /// The hidden `<svg>` holding an SVG filter its parent uses (`.colorMultiply`); also the
    /// prefix of the filter's id.
    public static let filterDefs = "jw-filter-defs"
    /// A view that fills the height it is offered (a `Color`, a shape, `.frame(maxHeight: .infinity)`).
    public static let fillH = "jw-fill-h"
    /// A view that fills the width it is offered (a `Color`, a shape, `.frame(maxWidth: .infinity)`).
    public static let fillW = "jw-fill-w"
    /// `.fixedSize(vertical:)`: the view keeps its ideal height and does not shrink.
    public static let fixedH = "jw-fixed-h"
    /// `.fixedSize(horizontal:)`: the view keeps its ideal width (its text on one line) and does not shrink.
    public static let fixedW = "jw-fixed-w"
    /// The prefix of a text style's class (`jw-font-title`, `jw-font-body`, …): its size, scaled by `--jw-type-scale`, and
    /// weight.
    public static let fontPrefix = "jw-font-"
    /// A `Form`: grouped sections on the grouped background, filling what it is offered.
    public static let form = "jw-form"
    /// `.formStyle(.columns)`: a form without its grouped cards, as a Mac's.
    public static let formColumns = "jw-form-columns"
    /// `.frame(...)`'s box (and a hosted UIKit view's): a flex box that centres its content.
    public static let frame = "jw-frame"
    /// `.glassEffect(_:in:)` and `.buttonStyle(.glass)`: iOS 26's glass (a blurred, lit pane).
    public static let glass = "jw-glass"
    /// `.buttonStyle(.glassProminent)`: glass tinted with the accent colour.
    public static let glassProminent = "jw-glass-prominent"
    /// `Glass.interactive()`: the pane answers a press.
    public static let glassInteractive = "jw-glass-interactive"
    /// `.fullScreenCover`: a `<dialog>` (with `RuntimeContract.Class.sheet`) that covers the whole window.
    public static let fullScreen = "jw-full-screen"
    /// A `GeometryReader`: a column that fills what it is offered, whose size the runtime reports.
    public static let geometry = "jw-geometry"
    /// A `Grid`: a CSS grid.
    public static let grid = "jw-grid"
    /// A `GridRow`: its cells placed straight in the grid's columns (`display: contents`).
    public static let gridrow = "jw-gridrow"
    /// The prefix of a `VStack`'s horizontal alignment (`jw-h-start`, `jw-h-end`); centred has none.
    public static let hPrefix = "jw-h-"
    /// An `HStack`: a flex row, centred vertically unless a `jw-v-` class says otherwise.
    public static let hstack = "jw-hstack"
    /// A system image Jetway draws as inline SVG (its outline in the text's colour).
    public static let icon = "jw-icon"
    /// A `.fill` system image drawn as inline SVG: filled with the text's colour.
    public static let iconFill = "jw-icon-fill"
    /// A system image Jetway has no drawing for: a dotted ring, its name as the tooltip.
    public static let iconMissing = "jw-icon-missing"
    /// An `Image` of the app's assets or a URL (an `<img>`), or a tiled image's box.
    public static let image = "jw-image"
    /// An option of an inline picker: a row with its check mark, a line under it.
    public static let inlineOption = "jw-inline-option"
    /// Italic text (`.italic()`, `Text.italic()`).
    public static let italic = "jw-italic"
    /// A `Label`: its icon and title side by side.
    public static let label = "jw-label"
    /// A `LazyVGrid` or `LazyHGrid`: a CSS grid whose gaps and sections span its lines.
    public static let lazyGrid = "jw-lazy-grid"
    /// A `LazyHGrid` (with `jw-lazy-grid`): each section spans its rows, as a column.
    public static let lazyHgrid = "jw-lazy-hgrid"
    /// A `LazyVStack` or `LazyHStack`: its gaps take back the stack's spacing.
    public static let lazyStack = "jw-lazy-stack"
    /// A lazy stack or grid whose sections' headers stay in view (`pinnedViews`)…
    public static let pinsHeaders = "jw-pins-headers"
    /// …or footers.
    public static let pinsFooters = "jw-pins-footers"
    /// A lazy list's gap that stands for no rows.
    public static let lazyEmpty = "jw-lazy-empty"
    /// `.lineLimit(_:)`: text cut after so many lines (`-webkit-line-clamp`).
    public static let lineLimit = "jw-line-limit"
    /// A `List` (a `<ul>`).
    public static let list = "jw-list"
    /// `.listStyle(.grouped)`: rows in sections on the grouped background.
    public static let listGrouped = "jw-list-grouped"
    /// `.listStyle(.insetGrouped)` and `.inset`: sections as rounded cards on the grouped background.
    public static let listInset = "jw-list-inset"
    /// `.listStyle(.plain)`: rows edge to edge, without insets.
    public static let listPlain = "jw-list-plain"
    /// A list's row (an `<li>`), with a separator under it.
    public static let listRow = "jw-list-row"
    /// A list's `Section` (an `<li>` holding the section).
    public static let listSection = "jw-list-section"
    /// `.listStyle(.sidebar)`: written on the list, but the stylesheet gives it no look of its own (it looks as `.automatic`).
    public static let listSidebar = "jw-list-sidebar"
    /// A `Menu`'s items, shown under its label when it is open.
    public static let menuItems = "jw-menu-items"
    /// A `Menu`'s label (the `<summary>` of its `<details>`), drawn as a button.
    public static let menuLabel = "jw-menu-label"
    /// `Font.Design.monospaced` and `.monospaced()`: the system's monospaced face.
    public static let mono = "jw-mono"
    /// `.tabViewStyle(.page)`: pages swiped through, dots for the tab bar (or none).
    public static let tabviewPage = "jw-tabview-page"
    /// `.tabViewStyle(.page(indexDisplayMode: .never))`: paged, with no dots.
    public static let tabviewPageNoDots = "jw-tabview-page-no-dots"
    /// `.indexViewStyle(.page(backgroundDisplayMode: .always))`: the dots on a backing capsule.
    public static let tabviewPageBackedDots = "jw-tabview-page-backed-dots"
    /// `.presentationDragIndicator(.visible)`: a sheet with a grabber at its top.
    public static let sheetGrabber = "jw-sheet-grabber"
    /// `ColorPicker`: a label and the browser's colour well.
    public static let colorPicker = "jw-color-picker"
    /// A shape drawn as SVG (an app's own `Shape`, a `Path`, a trimmed or dashed outline).
    public static let drawing = "jw-drawing"
    /// `.controlSize(_:)`: the controls inside at another size.
    public static let controlExtraLarge = "jw-control-xl"
    /// `.controlSize(.large)`: controls with more padding.
    public static let controlLarge = "jw-control-l"
    /// `.controlSize(.mini)`: controls at three quarters of the text size.
    public static let controlMini = "jw-control-xs"
    /// `.controlSize(.small)`: controls at seven eighths of the text size.
    public static let controlSmall = "jw-control-s"
    /// `.textFieldStyle(.plain / .squareBorder)` on the fields inside.
    public static let fieldsPlain = "jw-fields-plain"
    /// `.textFieldStyle(.squareBorder)`: fields with square corners.
    public static let fieldsSquare = "jw-fields-square"
    /// `ViewThatFits`: its candidates, the runtime shows the first that fits.
    public static let fits = "jw-fits"
    /// Drawn mirrored on a right-to-left page: a directional symbol (`chevron.forward`,
    /// `arrow.uturn.backward`) or a view with `.flipsForRightToLeftLayoutDirection(true)`.
    public static let flipsRightToLeft = "jw-flips-rtl"
    /// `Gauge`: a meter bar with its labels, or a ring (`gaugeRing`).
    public static let gauge = "jw-gauge"
    /// A linear `Gauge`'s heading: its label and its current value.
    public static let gaugeHeading = "jw-gauge-heading"
    /// `.gaugeStyle(.accessoryCircular)` and the other ring styles: the gauge as a ring.
    public static let gaugeRing = "jw-gauge-ring"
    /// A linear `Gauge`'s track, between its minimum and maximum labels.
    public static let gaugeTrack = "jw-gauge-track"
    /// `.safeAreaInset`: the bar, sticking to its edge, and the stack it is in.
    public static let inset = "jw-inset"
    /// The stack a `.safeAreaInset` makes around its view and its bar.
    public static let insetHost = "jw-inset-host"
    /// `.containerRelativeFrame`: sized in its container's units (the container is queried).
    public static let relativeFrame = "jw-relative-frame"
    /// `Font.Design.rounded`, `.serif`: the system's rounded and serif faces.
    public static let rounded = "jw-rounded"
    /// `Font.Design.serif`: the system's serif face.
    public static let serif = "jw-serif"
    /// `.monospacedDigit()`: digits of one width.
    public static let tabular = "jw-tabular"
    /// A `Map` (JetwayMapKit) and its parts: the tiles' layer and the chrome (credit, zoom
    /// buttons) the runtime fills, an item at a coordinate with a marker's balloon or pin and
    /// its title, an overlay's leaf, the app's controls and a control, a picked item.
    public static let map = "jw-map"
    /// A map `Marker`'s balloon: its glyph on the tint colour.
    public static let mapBalloon = "jw-map-balloon"
    /// A `Map`'s chrome along its bottom edge, where the runtime puts the tiles' credit and the zoom buttons.
    public static let mapChrome = "jw-map-chrome"
    /// One of the app's map controls (`MapUserLocationButton`, `MapScaleView`, …).
    public static let mapControl = "jw-map-control"
    /// The corner of a `Map` that holds the app's controls.
    public static let mapControls = "jw-map-controls"
    /// A map item placed at its coordinate (a marker, an annotation, a pin).
    public static let mapItem = "jw-map-item"
    /// A map item's title or an annotation's label, under it.
    public static let mapLabel = "jw-map-label"
    /// A map pin: a dot in the tint colour.
    public static let mapPin = "jw-map-pin"
    /// A map item that is the `selection`: its balloon larger, its title in the tint colour.
    public static let mapSelected = "jw-map-selected"
    /// A map overlay's leaf, over the whole map (the runtime draws its SVG).
    public static let mapShape = "jw-map-shape"
    /// A `Map`'s layer of tiles (in dark mode, inverted unless the page is forced light).
    public static let mapTiles = "jw-map-tiles"
    /// A `NavigationStack`: its title, toolbar and screen.
    public static let navstack = "jw-navstack"
    /// `.scrollIndicators(.hidden)`, or a scroll view made with `showsIndicators: false`: no scroll bars.
    public static let noIndicators = "jw-no-indicators"
    /// `.listRowSeparator(.hidden)`: a list row without its line.
    public static let noSeparator = "jw-no-separator"
    /// `.overlay(...)`: the layer drawn over the view, stacked on it.
    public static let overlay = "jw-overlay"
    /// A `Picker`: its label and its control on one row.
    public static let picker = "jw-picker"
    /// `.pickerStyle(.inline)`: the options listed under the label, one a row.
    public static let pickerInline = "jw-picker-inline"
    /// A `Picker`'s label.
    public static let pickerLabel = "jw-picker-label"
    /// `.pickerStyle(.wheel)`: the options on a scrolling wheel.
    public static let pickerWheel = "jw-picker-wheel"
    /// `.buttonStyle(.plain)`: a button drawn as its label alone, in the surrounding colour.
    public static let plain = "jw-plain"
    /// `.pointerVisibility(.hidden)`: no mouse pointer over the view (over the whole page when it is the root's view).
    public static let pointerHidden = "jw-pointer-hidden"
    /// `.layoutPriority(_:)` above 0: in an `HStack`, the view does not shrink.
    public static let priorityHigh = "jw-priority-high"
    /// `.layoutPriority(_:)` below 0: in an `HStack`, the view shrinks first.
    public static let priorityLow = "jw-priority-low"
    /// A `ProgressView`: its label and a `<progress>` bar (or a spinner or ring).
    public static let progress = "jw-progress"
    /// `.progressViewStyle(.circular)` with a known amount: a ring.
    public static let progressRing = "jw-progress-ring"
    /// `.buttonStyle(.borderedProminent)`: a button filled with the accent colour, white text (also a toggle drawn as a
    /// button, when on).
    public static let prominent = "jw-prominent"
    /// A button an app's own `ButtonStyle` draws: nothing of the button's own look, a press shown.
    public static let styledButton = "jw-styled"
    /// `.redacted(reason: .placeholder)`: its text and images drawn as grey blocks;
    /// `.unredacted()` shows a part as it is.
    public static let redacted = "jw-redacted"
    /// The bar a `.refreshable` view shows while it refreshes.
    public static let refreshProgress = "jw-refresh-progress"
    /// `.resizable()`: the image fills its frame.
    public static let resizable = "jw-resizable"
    /// A row action's button (a swipe action or the delete button of `.onDelete`).
    public static let rowAction = "jw-row-action"
    /// A swipe action the app tinted (`.tint(_:)`): its background is the tint.
    public static let tinted = "jw-tinted"
    /// The holder of a row's swipe actions (`RuntimeContract.Class.rowActions`).
    public static let rowActions = "jw-row-actions"
    /// A row with swipe actions or edit-mode controls: its content and those side by side.
    public static let rowWithActions = "jw-row-with-actions"
    /// A `ScrollView` (with `jw-scroll-v`, `jw-scroll-h` or both for its axes).
    public static let scroll = "jw-scroll"
    /// A `ScrollView` that scrolls horizontally.
    public static let scrollH = "jw-scroll-h"
    /// A `ScrollViewReader`: a column that fills what it is offered.
    public static let scrollReader = "jw-scroll-reader"
    /// A `ScrollView` that scrolls vertically.
    public static let scrollV = "jw-scroll-v"
    /// A `.searchable` view's search field (`<input type="search">`).
    public static let search = "jw-search"
    /// One of `.searchSuggestions`' buttons.
    public static let searchSuggestion = "jw-search-suggestion"
    /// The list of `.searchSuggestions` under the search field.
    public static let searchSuggestions = "jw-search-suggestions"
    /// A `.searchable` view: its search field above its content.
    public static let searchable = "jw-searchable"
    /// A `Section` (a `<section>`) in a form or a list.
    public static let section = "jw-section"
    /// A `Section`'s content in a form: a rounded card on the grouped background.
    public static let sectionContent = "jw-section-content"
    /// A `Section`'s footer (a `<footer>`): small secondary text.
    public static let sectionFooter = "jw-section-footer"
    /// A `Section`'s header (a `<header>`): small secondary capitals.
    public static let sectionHeader = "jw-section-header"
    /// `.headerProminence(.increased)`: a section header as a title.
    public static let sectionHeaderIncreased = "jw-section-header-increased"
    /// A `Section`'s rows in a list (a `<ul>`).
    public static let sectionRows = "jw-section-rows"
    /// One option of a segmented picker (`.pickerStyle(.segmented)`): the chosen one raised.
    public static let segment = "jw-segment"
    /// A shape (`Rectangle`, `Circle`, …, or an app's own): it fills what it is offered.
    public static let shape = "jw-shape"
    /// A `Slider`: its label and an `<input type="range">` on one row.
    public static let slider = "jw-slider"
    /// A `Spacer`: it takes the space its stack leaves.
    public static let spacer = "jw-spacer"
    /// A `Stepper`: its label and its minus and plus buttons.
    public static let stepper = "jw-stepper"
    /// A `Stepper`'s minus or plus button.
    public static let stepperButton = "jw-stepper-button"
    /// A system image the browser draws from its SVG file (a mask in the text's colour, at the text's size).
    public static let symbol = "jw-symbol"
    /// The content of a tab in a `TabView`.
    public static let tabContent = "jw-tab-content"
    /// A view with `.tabItem(_:)` inside a `TabView` (the tab view reads its label from it).
    public static let tabItem = "jw-tab-item"
    /// A `.tabItem(_:)`'s label.
    public static let tabLabel = "jw-tab-label"
    /// A `TabView`'s panel, which shows the chosen tab.
    public static let tabPanel = "jw-tab-panel"
    /// A `Text` (a `<span>`): it keeps its line breaks and breaks long words.
    public static let text = "jw-text"
    /// A multi-line field (`TextField(axis: .vertical)`, `TextEditor`): a `<textarea>` that grows with its text.
    public static let textarea = "jw-textarea"
    /// A `TextEditor`: a text area that fills its width and grows.
    public static let textEditor = "jw-text-editor"
    /// A `TextField` or `SecureField`: an `<input>` with a border and rounded corners.
    public static let textfield = "jw-textfield"
    /// `NavigationSplitView`: its columns (side by side on a wide window), the sidebar, and a
    /// split view with a content column.
    public static let split = "jw-split"
    /// A `NavigationSplitView` with a content column: three columns on a wide window.
    public static let splitThree = "jw-split-three"
    /// A `NavigationSplitView`'s sidebar.
    public static let splitSidebar = "jw-split-sidebar"
    /// A `NavigationSplitView`'s content or detail column.
    public static let splitColumn = "jw-split-column"
    /// `LanguageCycle`: the copies of its content, one per language, stacked in one place.
    public static let languageCycle = "jw-language-cycle"
    /// `LanguageCycle`: one language's copy (the one shown has the runtime's `data-jw-current`).
    public static let languageCycleItem = "jw-language-item"
    /// `.badge(_:)`: the view and its badge, and the badge.
    public static let badged = "jw-badged"
    /// `.badge(_:)`'s badge: a count or short text at the row's end.
    public static let badge = "jw-badge"
    /// `.navigationBarHidden(true)`: the screen shows no title or toolbar.
    public static let navBarHidden = "jw-nav-bar-hidden"
    /// `.toolbar(.hidden, for: .tabBar)`: the tab view shows no tab bar while this is shown.
    public static let tabBarHidden = "jw-tab-bar-hidden"
    /// `.navigationBarBackButtonHidden()`: the screen's stack shows no Back button.
    public static let navBackHidden = "jw-nav-back-hidden"
    /// `.scrollContentBackground(.hidden)`: a list without its own background.
    public static let listClear = "jw-list-clear"
    /// `.preferredColorScheme(_:)`: the page in that scheme (jetway.css: `:root:has(…)`).
    public static let schemeDark = "jw-scheme-dark"
    /// `.colorScheme(_:)`: this view's subtree in the dark (or light) colours.
    public static let colorsDark = "jw-colors-dark"
    /// `.colorScheme(.light)`: this view's subtree in the light colours.
    public static let colorsLight = "jw-colors-light"
    /// `.symbolEffect(_:)`: an element playing a symbol's animation.
    public static let symbolEffect = "jw-symbol-effect"
    /// `.symbolEffectsRemoved()`: the symbol effects inside are not played.
    public static let symbolEffectsRemoved = "jw-symbol-effects-removed"
    /// The symbol effects' keyframes (`jw-symbol-pulse`, …; an animation name, not a class).
    public static let symbolKeyframesPrefix = "jw-symbol-"
    /// `.scrollTargetBehavior(.viewAligned)`/`.paging`: a scroll view that snaps.
    public static let snapAligned = "jw-snap-aligned"
    /// `.scrollTargetBehavior(.paging)`: the scroll view snaps a page at a time.
    public static let snapPaging = "jw-snap-paging"
    /// `.scrollTargetLayout()`: the stack whose children a scroll view snaps to.
    public static let snapTargets = "jw-snap-targets"
    /// `.preferredColorScheme(.light)` (or the app's appearance): the page in the light colours whatever the system's.
    public static let schemeLight = "jw-scheme-light"
    /// A `Toggle`: its label and a switch (an `<input type="checkbox">`) on one row.
    public static let toggle = "jw-toggle"
    /// A navigation bar's toolbar (`.toolbar`): its items on one row.
    public static let toolbar = "jw-toolbar"
    /// One `ToolbarItem` (its `placement` in `data-placement` orders it on the bar).
    public static let toolbarItem = "jw-toolbar-item"
    /// `.background(...)`: the layer drawn under the view, stacked with it.
    public static let underlay = "jw-underlay"
    /// `.unredacted()`: a part of a redacted view shown as it is.
    public static let unredacted = "jw-unredacted"
    /// `.gridCellUnsizedAxes(.horizontal)`: the cell takes the width the other cells give its column.
    public static let unsizedH = "jw-unsized-h"
    /// `.gridCellUnsizedAxes(.vertical)`: written on the cell, but the stylesheet does nothing with it yet.
    public static let unsizedV = "jw-unsized-v"
    /// The prefix of an `HStack`'s vertical alignment (`jw-v-start`, `jw-v-end`); centred has none.
    public static let vPrefix = "jw-v-"
    /// A `VStack`: a flex column, centred unless a `jw-h-` class says otherwise.
    public static let vstack = "jw-vstack"
    /// An `HTMLElementRepresentable`'s element (`data-widget` names the widget).
    public static let widget = "jw-widget"
    /// A text long enough to wrap (over 16 bytes, or with a line break): in an `HStack` it may shrink and wrap.
    public static let wrap = "jw-wrap"
    /// A `ZStack`: its children in one grid cell, on top of each other.
    public static let zstack = "jw-zstack"

    /// Every class above but the prefixes (a family's member is a prefix and a value).
    public static let all = [
        alert,
        alertActions,
        alertMessage,
        alertTitle,
        badge,
        badged,
        languageCycle,
        languageCycleItem,
        bold,
        bordered,
        borderless,
        box,
        button,
        cancel,
        checkbox,
        clipped,
        color,
        colorPicker,
        colorsDark,
        colorsLight,
        confirmation,
        controlExtraLarge,
        controlLarge,
        controlMini,
        controlSmall,
        dateInput,
        datepicker,
        destructive,
        disclosure,
        disclosureContent,
        disclosureLabel,
        divider,
        drawing,
        fieldsPlain,
        fieldsSquare,
        fillCapped,
        fillH,
        fillW,
        filterDefs,
        fits,
        flipsRightToLeft,
        fixedH,
        fixedW,
        form,
        formColumns,
        glass,
        glassProminent,
        glassInteractive,
        frame,
        fullScreen,
        gauge,
        gaugeHeading,
        gaugeRing,
        gaugeTrack,
        geometry,
        grid,
        gridrow,
        hstack,
        icon,
        iconFill,
        iconMissing,
        image,
        inlineOption,
        inset,
        insetHost,
        italic,
        label,
        lazyEmpty,
        lazyGrid,
        lazyHgrid,
        lazyStack,
        lineLimit,
        list,
        listClear,
        listGrouped,
        listInset,
        listPlain,
        listRow,
        listSection,
        listSidebar,
        menuItems,
        menuLabel,
        mono,
        navBackHidden,
        navBarHidden, tabBarHidden,
        map, mapBalloon, mapChrome, mapControl, mapControls, mapItem, mapLabel, mapPin, mapSelected, mapShape, mapTiles,
        navstack,
        noIndicators,
        noSeparator,
        overlay,
        picker,
        pickerInline,
        pickerLabel,
        pickerWheel,
        pinsFooters,
        pinsHeaders,
        plain,
        pointerHidden,
        priorityHigh,
        priorityLow,
        progress,
        progressRing,
        prominent,
        redacted,
        refreshProgress,
        relativeFrame,
        resizable,
        rounded,
        rowAction,
        rowActions,
        rowWithActions,
        schemeDark,
        schemeLight,
        scroll,
        scrollH,
        scrollReader,
        scrollV,
        search,
        searchable,
        searchSuggestion,
        searchSuggestions,
        section,
        sectionContent,
        sectionFooter,
        sectionHeader, sectionHeaderIncreased,
        sectionRows,
        segment,
        serif,
        shape,
        sheetGrabber,
        slider,
        snapAligned,
        snapPaging,
        snapTargets,
        spacer,
        split,
        splitColumn,
        splitSidebar,
        splitThree,
        stepper,
        stepperButton,
        styledButton,
        symbol,
        symbolEffect,
        symbolEffectsRemoved,
        tabContent,
        tabItem,
        tabLabel,
        tabPanel,
        tabular,
        tabviewPage,
        tabviewPageBackedDots,
        tabviewPageNoDots,
        text,
        textarea,
        textEditor,
        textfield,
        tinted,
        toggle,
        toolbar,
        toolbarItem,
        underlay,
        unredacted,
        unsizedH,
        unsizedV,
        vstack,
        widget,
        wrap,
        zstack,
    ]

    /// The prefixes of families of classes (`jw-font-title`, `jw-h-start`, …).
    public static let prefixes = [fontPrefix, hPrefix, vPrefix]
}

/// The CSS custom properties Jetway sets (`--jw-red`, a row's `--jw-separator`, …).
public enum StyleVariable {
    /// The accent colour (`Color.accentColor`, the tint): blue unless the app's `AccentColor` or `.tint(_:)` sets it.
    public static let accent = "--jw-accent"
    /// `.buttonBorderShape(_:)`: the corner radius of the bordered buttons inside.
    public static let buttonRadius = "--jw-button-radius"
    /// The page's background (`systemBackground`): white, black in dark mode.
    public static let background = "--jw-background"
    /// `Color.blue`, `UIColor.systemBlue`.
    public static let blue = "--jw-blue"
    /// `Color.brown`, `UIColor.systemBrown`.
    public static let brown = "--jw-brown"
    /// `.navigationSplitViewColumnWidth(_:)`: a split view column's width.
    public static let columnWidth = "--jw-column-width"
    /// The prefix of a named colour of the app's asset catalog: `Color("Runway")` reads `--jw-color-Runway`.
    public static let colorPrefix = "--jw-color-"
    /// `.listSectionSpacing(_:)`: the space between a list's (or a form's) sections.
    public static let sectionSpacing = "--jw-section-spacing"
    /// `.listRowSpacing(_:)`: the space between a list's rows.
    public static let rowSpacing = "--jw-row-spacing"
    /// `Color.cyan`, `UIColor.systemCyan`.
    public static let cyan = "--jw-cyan"
    /// `Color.gray`, `UIColor.systemGray`.
    public static let gray = "--jw-gray"
    /// `.imageScale(_:)`: system images' size relative to the text.
    public static let imageScale = "--jw-image-scale"
    /// UIKit's system grays 2 to 6 (`--jw-gray2` … `--jw-gray6`), light and dark.
    public static let grayPrefix = "--jw-gray"
    /// The grouped background of forms and grouped lists (`systemGroupedBackground`, `secondarySystemBackground`).
    public static let groupedBackground = "--jw-grouped-background"
    /// Fills for thin shapes, and the third and fourth levels of text (UIKit's system colours).
    public static let fill = "--jw-fill"
    /// The page's font family (the system's), behind an app's own family.
    public static let font = "--jw-font"
    /// The third level of text (`tertiaryLabel`, `placeholderText`, `.tertiary`).
    public static let tertiary = "--jw-tertiary"
    /// The fourth level of text (`quaternaryLabel`, `.quaternary`).
    public static let quaternary = "--jw-quaternary"
    /// A lazy stack's or grid's spacing between rows, which its gaps take back.
    public static let lazySpacing = "--jw-lazy-s"
    /// `Color.green`, `UIColor.systemGreen` (and a switch that is on).
    public static let green = "--jw-green"
    /// `Color.indigo`, `UIColor.systemIndigo`.
    public static let indigo = "--jw-indigo"
    /// `Color.mint`, `UIColor.systemMint`.
    public static let mint = "--jw-mint"
    /// `Color.orange`, `UIColor.systemOrange`.
    public static let orange = "--jw-orange"
    /// `Color.pink`, `UIColor.systemPink`.
    public static let pink = "--jw-pink"
    /// The primary text colour (`Color.primary`, `UIColor.label`).
    public static let primary = "--jw-primary"
    /// `Color.purple`, `UIColor.systemPurple`.
    public static let purple = "--jw-purple"
    /// `Color.red`, `UIColor.systemRed` (and destructive buttons).
    public static let red = "--jw-red"
    /// A `GridRow`'s vertical alignment of its cells (`GridRow(alignment:)`).
    public static let rowAlign = "--jw-row-align"
    /// The secondary text colour (`Color.secondary`, `UIColor.secondaryLabel`).
    public static let secondary = "--jw-secondary"
    /// Separator lines (`UIColor.separator`, a list row's line, a divider).
    public static let separator = "--jw-separator"
    /// `.listSectionSeparator(_:edges:)` and its tint: the lines above and below a plain list's
    /// section.
    public static let sectionSeparatorTop = "--jw-section-separator-top"
    /// The colour of the line below a plain list's section (`.listSectionSeparator(_:edges:)` and its tint).
    public static let sectionSeparatorBottom = "--jw-section-separator-bottom"
    /// A switch's colour when on: green unless `.tint(_:)` sets it (with the accent).
    public static let switchOn = "--jw-switch-on"
    /// A system image's SVG file, which `jw-symbol` draws as a mask.
    public static let symbol = "--jw-symbol"
    /// A circular progress view's amount, 0 to 1 (`.progressViewStyle(.circular)`).
    public static let fraction = "--jw-fraction"
    /// `Color.teal`, `UIColor.systemTeal`.
    public static let teal = "--jw-teal"
    /// `.dynamicTypeSize(_:)`: the text styles' size relative to the default (Large).
    public static let typeScale = "--jw-type-scale"
    /// `Color.yellow`, `UIColor.systemYellow`.
    public static let yellow = "--jw-yellow"
}

/// The classes Jetway's markup carries for its stylesheet (Assets/jetway.css), and the CSS
/// custom properties it sets: written here once, so no other Swift file spells a `jw-` name
/// (`StyleNamesTests` checks that, and that the stylesheet styles no class Jetway does not
/// write). The classes the runtime also reads are `RuntimeContract.Class`.
public enum StyleClass {
    public static let alert = "jw-alert"
    public static let alertActions = "jw-alert-actions"
    public static let alertMessage = "jw-alert-message"
    public static let alertTitle = "jw-alert-title"
    public static let bold = "jw-bold"
    public static let bordered = "jw-bordered"
    public static let borderless = "jw-borderless"
    public static let box = "jw-box"
    public static let button = "jw-button"
    public static let cancel = "jw-cancel"
    /// `.toggleStyle(.checkbox)`: the toggle's box as a checkbox, not a switch.
    public static let checkbox = "jw-checkbox"
    public static let clipped = "jw-clipped"
    public static let color = "jw-color"
    public static let confirmation = "jw-confirmation"
    public static let dateInput = "jw-date-input"
    public static let datepicker = "jw-datepicker"
    public static let destructive = "jw-destructive"
    public static let disclosure = "jw-disclosure"
    public static let disclosureContent = "jw-disclosure-content"
    public static let disclosureLabel = "jw-disclosure-label"
    public static let divider = "jw-divider"
    /// `.frame(maxWidth: 80)`: fills up to a finite maximum, placed as its stack aligns it.
    public static let fillCapped = "jw-fill-capped"
    /// The hidden `<svg>` holding an SVG filter its parent uses (`.colorMultiply`); also the
    /// prefix of the filter's id.
    public static let filterDefs = "jw-filter-defs"
    public static let fillH = "jw-fill-h"
    public static let fillW = "jw-fill-w"
    public static let fixedH = "jw-fixed-h"
    public static let fixedW = "jw-fixed-w"
    public static let fontPrefix = "jw-font-"
    public static let form = "jw-form"
    /// `.formStyle(.columns)`: a form without its grouped cards, as a Mac's.
    public static let formColumns = "jw-form-columns"
    public static let frame = "jw-frame"
    /// `.glassEffect(_:in:)` and `.buttonStyle(.glass)`: iOS 26's glass (a blurred, lit pane).
    public static let glass = "jw-glass"
    /// `.buttonStyle(.glassProminent)`: glass tinted with the accent colour.
    public static let glassProminent = "jw-glass-prominent"
    /// `Glass.interactive()`: the pane answers a press.
    public static let glassInteractive = "jw-glass-interactive"
    public static let fullScreen = "jw-full-screen"
    public static let geometry = "jw-geometry"
    public static let grid = "jw-grid"
    public static let gridrow = "jw-gridrow"
    public static let hPrefix = "jw-h-"
    public static let hstack = "jw-hstack"
    public static let icon = "jw-icon"
    public static let iconFill = "jw-icon-fill"
    public static let iconMissing = "jw-icon-missing"
    public static let image = "jw-image"
    public static let inlineOption = "jw-inline-option"
    public static let italic = "jw-italic"
    public static let label = "jw-label"
    public static let lazyGrid = "jw-lazy-grid"
    public static let lazyHgrid = "jw-lazy-hgrid"
    /// A `LazyVStack` or `LazyHStack`: its gaps take back the stack's spacing.
    public static let lazyStack = "jw-lazy-stack"
    /// A lazy stack or grid whose sections' headers stay in view (`pinnedViews`)…
    public static let pinsHeaders = "jw-pins-headers"
    /// …or footers.
    public static let pinsFooters = "jw-pins-footers"
    /// A lazy list's gap that stands for no rows.
    public static let lazyEmpty = "jw-lazy-empty"
    public static let lineLimit = "jw-line-limit"
    public static let list = "jw-list"
    public static let listGrouped = "jw-list-grouped"
    public static let listInset = "jw-list-inset"
    public static let listPlain = "jw-list-plain"
    public static let listRow = "jw-list-row"
    public static let listSection = "jw-list-section"
    public static let listSidebar = "jw-list-sidebar"
    public static let menuItems = "jw-menu-items"
    public static let menuLabel = "jw-menu-label"
    public static let mono = "jw-mono"
    /// `.tabViewStyle(.page)`: pages swiped through, dots for the tab bar (or none).
    public static let tabviewPage = "jw-tabview-page"
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
    public static let controlLarge = "jw-control-l"
    public static let controlMini = "jw-control-xs"
    public static let controlSmall = "jw-control-s"
    /// `.textFieldStyle(.plain / .squareBorder)` on the fields inside.
    public static let fieldsPlain = "jw-fields-plain"
    public static let fieldsSquare = "jw-fields-square"
    /// `ViewThatFits`: its candidates, the runtime shows the first that fits.
    public static let fits = "jw-fits"
    /// `Gauge`: a meter bar with its labels, or a ring (`gaugeRing`).
    public static let gauge = "jw-gauge"
    public static let gaugeHeading = "jw-gauge-heading"
    public static let gaugeRing = "jw-gauge-ring"
    public static let gaugeTrack = "jw-gauge-track"
    /// `.safeAreaInset`: the bar, sticking to its edge, and the stack it is in.
    public static let inset = "jw-inset"
    public static let insetHost = "jw-inset-host"
    /// `.containerRelativeFrame`: sized in its container's units (the container is queried).
    public static let relativeFrame = "jw-relative-frame"
    /// `Font.Design.rounded`, `.serif`: the system's rounded and serif faces.
    public static let rounded = "jw-rounded"
    public static let serif = "jw-serif"
    /// `.monospacedDigit()`: digits of one width.
    public static let tabular = "jw-tabular"
    /// A `Map` (JetwayMapKit) and its parts: the tiles' layer and the chrome (credit, zoom
    /// buttons) the runtime fills, an item at a coordinate with a marker's balloon or pin and
    /// its title, an overlay's leaf, the app's controls and a control, a picked item.
    public static let map = "jw-map"
    public static let mapBalloon = "jw-map-balloon"
    public static let mapChrome = "jw-map-chrome"
    public static let mapControl = "jw-map-control"
    public static let mapControls = "jw-map-controls"
    public static let mapItem = "jw-map-item"
    public static let mapLabel = "jw-map-label"
    public static let mapPin = "jw-map-pin"
    public static let mapSelected = "jw-map-selected"
    public static let mapShape = "jw-map-shape"
    public static let mapTiles = "jw-map-tiles"
    public static let navstack = "jw-navstack"
    public static let noIndicators = "jw-no-indicators"
    public static let noSeparator = "jw-no-separator"
    public static let overlay = "jw-overlay"
    public static let picker = "jw-picker"
    public static let pickerInline = "jw-picker-inline"
    public static let pickerLabel = "jw-picker-label"
    public static let pickerWheel = "jw-picker-wheel"
    public static let plain = "jw-plain"
    public static let pointerHidden = "jw-pointer-hidden"
    public static let priorityHigh = "jw-priority-high"
    public static let priorityLow = "jw-priority-low"
    public static let progress = "jw-progress"
    /// `.progressViewStyle(.circular)` with a known amount: a ring.
    public static let progressRing = "jw-progress-ring"
    public static let prominent = "jw-prominent"
    /// A button an app's own `ButtonStyle` draws: nothing of the button's own look, a press shown.
    public static let styledButton = "jw-styled"
    /// `.redacted(reason: .placeholder)`: its text and images drawn as grey blocks;
    /// `.unredacted()` shows a part as it is.
    public static let redacted = "jw-redacted"
    public static let refreshProgress = "jw-refresh-progress"
    public static let resizable = "jw-resizable"
    public static let rowAction = "jw-row-action"
    /// A swipe action the app tinted (`.tint(_:)`): its background is the tint.
    public static let tinted = "jw-tinted"
    public static let rowActions = "jw-row-actions"
    public static let rowWithActions = "jw-row-with-actions"
    public static let scroll = "jw-scroll"
    public static let scrollH = "jw-scroll-h"
    public static let scrollReader = "jw-scroll-reader"
    public static let scrollV = "jw-scroll-v"
    public static let search = "jw-search"
    public static let searchSuggestion = "jw-search-suggestion"
    public static let searchSuggestions = "jw-search-suggestions"
    public static let searchable = "jw-searchable"
    public static let section = "jw-section"
    public static let sectionContent = "jw-section-content"
    public static let sectionFooter = "jw-section-footer"
    public static let sectionHeader = "jw-section-header"
    /// `.headerProminence(.increased)`: a section header as a title.
    public static let sectionHeaderIncreased = "jw-section-header-increased"
    public static let sectionRows = "jw-section-rows"
    public static let segment = "jw-segment"
    public static let shape = "jw-shape"
    public static let slider = "jw-slider"
    public static let spacer = "jw-spacer"
    public static let stepper = "jw-stepper"
    public static let stepperButton = "jw-stepper-button"
    public static let symbol = "jw-symbol"
    public static let tabContent = "jw-tab-content"
    public static let tabItem = "jw-tab-item"
    public static let tabLabel = "jw-tab-label"
    public static let tabPanel = "jw-tab-panel"
    public static let text = "jw-text"
    public static let textarea = "jw-textarea"
    /// A `TextEditor`: a text area that fills its width and grows.
    public static let textEditor = "jw-text-editor"
    public static let textfield = "jw-textfield"
    /// `NavigationSplitView`: its columns (side by side on a wide window), the sidebar, and a
    /// split view with a content column.
    public static let split = "jw-split"
    public static let splitThree = "jw-split-three"
    public static let splitSidebar = "jw-split-sidebar"
    public static let splitColumn = "jw-split-column"
    /// `.badge(_:)`: the view and its badge, and the badge.
    public static let badged = "jw-badged"
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
    public static let colorsLight = "jw-colors-light"
    /// `.symbolEffect(_:)`: an element playing a symbol's animation.
    public static let symbolEffect = "jw-symbol-effect"
    public static let symbolEffectsRemoved = "jw-symbol-effects-removed"
    /// The symbol effects' keyframes (`jw-symbol-pulse`, …; an animation name, not a class).
    public static let symbolKeyframesPrefix = "jw-symbol-"
    /// `.scrollTargetBehavior(.viewAligned)`/`.paging`: a scroll view that snaps.
    public static let snapAligned = "jw-snap-aligned"
    public static let snapPaging = "jw-snap-paging"
    /// `.scrollTargetLayout()`: the stack whose children a scroll view snaps to.
    public static let snapTargets = "jw-snap-targets"
    public static let schemeLight = "jw-scheme-light"
    public static let toggle = "jw-toggle"
    public static let toolbar = "jw-toolbar"
    public static let toolbarItem = "jw-toolbar-item"
    public static let underlay = "jw-underlay"
    public static let unredacted = "jw-unredacted"
    public static let unsizedH = "jw-unsized-h"
    public static let unsizedV = "jw-unsized-v"
    public static let vPrefix = "jw-v-"
    public static let vstack = "jw-vstack"
    public static let widget = "jw-widget"
    public static let wrap = "jw-wrap"
    public static let zstack = "jw-zstack"

    /// Every class above but the prefixes (a family's member is a prefix and a value).
    public static let all = [
        alert,
        alertActions,
        alertMessage,
        alertTitle,
        badge,
        badged,
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
    public static let accent = "--jw-accent"
    /// `.buttonBorderShape(_:)`: the corner radius of the bordered buttons inside.
    public static let buttonRadius = "--jw-button-radius"
    public static let background = "--jw-background"
    public static let blue = "--jw-blue"
    public static let brown = "--jw-brown"
    /// `.navigationSplitViewColumnWidth(_:)`: a split view column's width.
    public static let columnWidth = "--jw-column-width"
    public static let colorPrefix = "--jw-color-"
    /// `.listSectionSpacing(_:)`: the space between a list's (or a form's) sections.
    public static let sectionSpacing = "--jw-section-spacing"
    /// `.listRowSpacing(_:)`: the space between a list's rows.
    public static let rowSpacing = "--jw-row-spacing"
    public static let cyan = "--jw-cyan"
    public static let gray = "--jw-gray"
    /// `.imageScale(_:)`: system images' size relative to the text.
    public static let imageScale = "--jw-image-scale"
    /// UIKit's system grays 2 to 6 (`--jw-gray2` … `--jw-gray6`), light and dark.
    public static let grayPrefix = "--jw-gray"
    public static let groupedBackground = "--jw-grouped-background"
    /// Fills for thin shapes, and the third and fourth levels of text (UIKit's system colours).
    public static let fill = "--jw-fill"
    /// The page's font family (the system's), behind an app's own family.
    public static let font = "--jw-font"
    public static let tertiary = "--jw-tertiary"
    public static let quaternary = "--jw-quaternary"
    /// A lazy stack's or grid's spacing between rows, which its gaps take back.
    public static let lazySpacing = "--jw-lazy-s"
    public static let green = "--jw-green"
    public static let indigo = "--jw-indigo"
    public static let mint = "--jw-mint"
    public static let orange = "--jw-orange"
    public static let pink = "--jw-pink"
    public static let primary = "--jw-primary"
    public static let purple = "--jw-purple"
    public static let red = "--jw-red"
    public static let rowAlign = "--jw-row-align"
    public static let secondary = "--jw-secondary"
    public static let separator = "--jw-separator"
    /// `.listSectionSeparator(_:edges:)` and its tint: the lines above and below a plain list's
    /// section.
    public static let sectionSeparatorTop = "--jw-section-separator-top"
    public static let sectionSeparatorBottom = "--jw-section-separator-bottom"
    public static let switchOn = "--jw-switch-on"
    public static let symbol = "--jw-symbol"
    /// A circular progress view's amount, 0 to 1 (`.progressViewStyle(.circular)`).
    public static let fraction = "--jw-fraction"
    public static let teal = "--jw-teal"
    /// `.dynamicTypeSize(_:)`: the text styles' size relative to the default (Large).
    public static let typeScale = "--jw-type-scale"
    public static let yellow = "--jw-yellow"
}

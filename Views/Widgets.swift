import Jetway

/// Seed 001's `DateDurationPicker`: a two-component picker (values and units) around the
/// browser's "picker-view" widget (Assets/widgets/picker-view.js, in the style of
/// `UIPickerView`), its coordinator the data source and delegate, bound to a `DateDuration`.
struct DateDurationPicker: HTMLElementRepresentable {
    let selection: Binding<AirportSettings.DateDuration>
    let values: [Int]
    let units: [AirportSettings.DateDuration.Unit]

    func makeElement(context: Context) -> Widget {
        Widget("picker-view", properties: ["label": "Remind every"])
    }

    func updateElement(_ widget: Widget, context: Context) {
        widget.delegate = context.coordinator
        widget.dataSource = context.coordinator
        context.coordinator.selection = selection
        // The binding's value, shown: it may have changed elsewhere (the wheels beside it).
        let value = selection.wrappedValue
        widget["selected"] = [
            .number(Double(values.firstIndex(of: value.value) ?? 0)), .number(Double(units.firstIndex(of: value.unit) ?? 0)),
        ]
    }

    func makeCoordinator() -> Coordinator {
        Coordinator(selection: selection, values: values, units: units)
    }

    final class Coordinator: WidgetDataSource, WidgetDelegate {
        var selection: Binding<AirportSettings.DateDuration>
        let values: [Int]
        let units: [AirportSettings.DateDuration.Unit]

        init(selection: Binding<AirportSettings.DateDuration>, values: [Int], units: [AirportSettings.DateDuration.Unit]) {
            self.selection = selection
            self.values = values
            self.units = units
        }

        // UIPickerViewDataSource and the delegate's titles.
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue {
            switch request {
            case "numberOfComponents":
                return 2
            case "numberOfRows":
                return .number(Double(payload["component"]?.int == 0 ? values.count : units.count))
            case "titleForRow":
                guard let row = payload["row"]?.int, let component = payload["component"]?.int else {
                    throw WidgetRequestError("titleForRow needs a row and a component")
                }
                if component == 0, values.indices.contains(row) { return .string("\(values[row])") }
                if component == 1, units.indices.contains(row) { return .string(units[row].rawValue) }
                throw WidgetRequestError("no row \(row) in component \(component)")
            default:
                throw WidgetRequestError("the picker asks nothing called \(request)")
            }
        }

        // pickerView(_:didSelectRow:inComponent:): both components' rows make the new value.
        func widget(_ widget: Widget, didSend message: String, _ payload: JSONValue) {
            guard message == "didSelectRow", let selected = payload["selected"]?.array, selected.count == 2,
                let valueIndex = selected[0].int, let unitIndex = selected[1].int, values.indices.contains(valueIndex),
                units.indices.contains(unitIndex)
            else { return }
            selection.wrappedValue = AirportSettings.DateDuration(value: values[valueIndex], unit: units[unitIndex])
        }
    }
}

/// Seed 003's `MyUILabel`: a label widget with its text.
struct MyUILabel: HTMLElementRepresentable {
    var text: String

    func makeElement(context: Context) -> Widget {
        Widget("label", properties: ["text": .string(text)])
    }

    func updateElement(_ widget: Widget, context: Context) {
        widget["text"] = .string(text)
    }
}

/// Seed 003's `MyScrollView`: a scroll view with a refresh control; its coordinator ends the
/// refresh (`endRefreshing`) and hears the scrolling (`scrollViewDidScroll`).
struct MyScrollView: HTMLElementRepresentable {
    var text: String
    /// Called on each refresh, before the control ends refreshing.
    var onRefresh: @MainActor () -> Void = {}
    /// Called as the view scrolls, with the offset from the top.
    var onScroll: @MainActor (Double) -> Void = { _ in }

    func makeElement(context: Context) -> Widget {
        Widget("refresh-scroll", properties: ["text": .string(text)])
    }

    func updateElement(_ widget: Widget, context: Context) {
        widget.delegate = context.coordinator
        context.coordinator.control = self
        widget["text"] = .string(text)
    }

    func makeCoordinator() -> Coordinator {
        Coordinator(self)
    }

    final class Coordinator: WidgetDelegate {
        var control: MyScrollView

        init(_ control: MyScrollView) {
            self.control = control
        }

        func widget(_ widget: Widget, didSend message: String, _ payload: JSONValue) {
            switch message {
            case "didScroll": control.onScroll(payload["offset"]?.number ?? 0)
            case "refresh":
                // handleRefresh(sender:): the work, then sender.endRefreshing().
                control.onRefresh()
                widget.perform("endRefreshing")
            default: break
            }
        }
    }
}

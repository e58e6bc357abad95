// A uiautomator dump used by the task language's tests: a Settings switch, a Pay button, two
// nodes with the same text.
export const SAMPLE_XML = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy rotation="0">
  <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.phonebuddy.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
    <node index="0" text="Wi-Fi" resource-id="com.phonebuddy.settings:id/title" class="android.widget.TextView" package="com.phonebuddy.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[40,300][600,380]" />
    <node index="1" text="" resource-id="com.phonebuddy.settings:id/wifi_switch" class="android.widget.Switch" package="com.phonebuddy.settings" content-desc="Wi-Fi" checkable="true" checked="true" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[900,300][1040,380]" />
    <node index="2" text="Pay ¥120 &amp; go" resource-id="com.phonebuddy.shop:id/pay" class="android.widget.Button" package="com.phonebuddy.shop" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="true" bounds="[0,2200][1080,2400]" />
    <node index="3" text="Wi-Fi" resource-id="" class="android.widget.TextView" package="x" content-desc="" bounds="[40,500][600,580]" />
  </node>
</hierarchy>`;

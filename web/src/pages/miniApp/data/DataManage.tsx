// /miniApp/home/dataManage: the business data screen of the app the shell has open (001 §2.2, §2.7).
import { DataScreen } from './DataScreen';

export default function DataManage() {
  return <DataScreen inShell />;
}

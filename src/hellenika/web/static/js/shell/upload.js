// Uploading a game record (POST /api/replays): shared by the lobby and the replay page.
import { post } from "./api.js";

export async function uploadRecord(file) {
  if (!file) throw new Error("Choose a record file first.");
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not a JSON game record.`);
  }
  return uploadRecordJson(record);
}

// Upload a parsed record; answers the replay's id.
export async function uploadRecordJson(record) {
  const answer = await post("/api/replays", record);
  const id = answer && (answer.id ?? (answer.replay && answer.replay.id));
  if (id === undefined || id === null) throw new Error("The server did not say where the replay is.");
  return id;
}

export function wireUpload(form) {
  const input = form.querySelector("input[type=file]");
  const error = form.querySelector(".hk-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const id = await uploadRecord(input.files[0]);
      location.assign(`/replays/${encodeURIComponent(id)}`);
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
}

resource "terraform_data" "db" {
  input = "v-${terraform.workspace}"
}

resource "terraform_data" "app" {
  input = { a = 1, b = "x" }
}

resource "terraform_data" "web" {
  count = 2
  input = terraform_data.db.output
}

resource "terraform_data" "imported" {
}

output "ids" {
  value = terraform_data.app.id
}

import {
  to = terraform_data.imported
  id = "import-3-id"
}

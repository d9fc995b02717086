resource "terraform_data" "db" {
  count = 2
  input = "item-${count.index}"
}

resource "terraform_data" "cache" {
  input = length(terraform_data.db)
}

resource "terraform_data" "queue" {
  for_each = toset(var.zones)
  input = length([terraform_data.cache.id])
  triggers_replace = terraform_data.cache.id
}

resource "terraform_data" "db1" {
}

output "out" {
  value = terraform_data.cache.output
  sensitive = true

  precondition {
    condition     = length(jsonencode(terraform_data.cache.output)) > 0
    error_message = "The precondition failed."
  }
}

resource "terraform_data" "db" {
  count = 1
  input = var.name
}

resource "terraform_data" "queue" {
  input = terraform_data.db[*].id
  depends_on = [terraform_data.db]
}

resource "terraform_data" "item" {
  for_each = toset(["a", "b"])
  input = each.key

  lifecycle {
    create_before_destroy = true
  }
}

output "summary" {
  value = terraform_data.db[*].output
}

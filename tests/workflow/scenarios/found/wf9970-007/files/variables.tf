variable "size" {
  type = number

  validation {
    condition     = var.size >= 0 && var.size <= 4
    error_message = "The size value is out of range."
  }
}
